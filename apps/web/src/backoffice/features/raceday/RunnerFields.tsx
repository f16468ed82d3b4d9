import { TextField } from '../../../components/ui/index.ts';
import { useT } from '../../i18n/useT.ts';
import type { RunnerDraft, RunnerField } from './raceday.ts';

export interface RunnerFieldsProps {
  draft: RunnerDraft;
  errors: Partial<Record<RunnerField, string | undefined>>;
  onChange: (field: RunnerField, value: string) => void;
  /** Keeps ids unique when several runner forms are on the page. */
  idPrefix: string;
}

/** Number, horse and jockey: the inputs of both the add-runner form and the inline edit. */
export function RunnerFields({ draft, errors, onChange, idPrefix }: RunnerFieldsProps) {
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
      <TextField
        id={`${idPrefix}-horse`}
        label={t('runner.horse')}
        name="horseName"
        autoComplete="off"
        maxLength={60}
        value={draft.horseName}
        error={errors.horseName}
        onChange={(event) => onChange('horseName', event.target.value)}
      />
      <TextField
        id={`${idPrefix}-jockey`}
        label={t('runner.jockey')}
        name="jockeyName"
        autoComplete="off"
        maxLength={60}
        value={draft.jockeyName}
        error={errors.jockeyName}
        onChange={(event) => onChange('jockeyName', event.target.value)}
      />
    </>
  );
}
