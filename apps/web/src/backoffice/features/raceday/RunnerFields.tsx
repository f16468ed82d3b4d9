import { TextField } from '../../../components/ui/index.ts';
import { RecordTypeAhead } from '../../components/RecordTypeAhead.tsx';
import { useT } from '../../i18n/useT.ts';
import type { RunnerDraft, RunnerField } from './raceday.ts';
import type { PickedRecords } from './useRunnerForm.ts';

export interface RunnerFieldsProps {
  draft: RunnerDraft;
  errors: Partial<Record<RunnerField, string | undefined>>;
  onChange: (field: RunnerField, value: string) => void;
  /** Keeps ids unique when several runner forms are on the page. */
  idPrefix: string;
  picked: PickedRecords;
  onPick: (field: 'horseName' | 'jockeyName', record: { id: number; name: string }) => void;
}

/**
 * Number, horse and jockey: the inputs of both the add-runner form and the inline edit. The horse and the
 * jockey are picked from their records by type-ahead; a name typed and not picked is entered by name.
 */
export function RunnerFields({ draft, errors, onChange, idPrefix, picked, onPick }: RunnerFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        id={`${idPrefix}-no`}
        label={t('runner.runnerNo')}
        name="runnerNo"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={3}
        hint={t('runner.runnerNoHint')}
        value={draft.runnerNo}
        error={errors.runnerNo}
        onChange={(event) => onChange('runnerNo', event.target.value)}
      />
      <RecordTypeAhead
        id={`${idPrefix}-horse`}
        kind="horses"
        label={t('runner.horse')}
        name="horseName"
        value={draft.horseName}
        pickedId={picked.horseId}
        error={errors.horseName}
        onChange={(value) => onChange('horseName', value)}
        onPick={(record) => onPick('horseName', record)}
      />
      <RecordTypeAhead
        id={`${idPrefix}-jockey`}
        kind="jockeys"
        label={t('runner.jockey')}
        name="jockeyName"
        value={draft.jockeyName}
        pickedId={picked.jockeyId}
        error={errors.jockeyName}
        onChange={(value) => onChange('jockeyName', value)}
        onPick={(record) => onPick('jockeyName', record)}
      />
    </>
  );
}
