import { useId, useState, type FormEvent } from 'react';
import {
  BET_TYPES,
  betTypeByCode,
  DualControlKinds,
  JACKPOT_BET_TYPES,
  manilaDate,
  type ToteSetting,
} from '@karera/shared';
import { Alert, Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PendingProposals } from '../../components/ProposalSummary.tsx';
import { pendingOfKind, useApprovalsQuery } from '../../lib/approvals.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { serverFieldErrors } from '../../lib/errors.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { focusFirstError } from '../../lib/formFocus.ts';
import { calendarDateToString } from '../../lib/raceCard.ts';
import { useSaveSettingMutation, useSettingsQuery } from './tote.api.ts';
import { checkSetting, formatTakeout, settingsInForce, type SettingDraft } from './tote.ts';
import { ToteSections } from './ToteSections.tsx';
import { toteErrorText, toteText } from './toteText.ts';
import './tote.css';

const todayInManila = () => calendarDateToString(manilaDate(new Date()));

/** Takeout and pool policies per bet type, with their effective dates (/tote/settings). */
export function ToteSettingsPage() {
  const t = useT();
  const settings = useSettingsQuery();
  const [today] = useState(todayInManila);
  return (
    <>
      <PageHeading title={t('tote.settingsTitle')} />
      <ToteSections />
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="bo-tote-settings">
          <SettingForm settings={settings.data.settings} today={today} />
          <InForce settings={settings.data.settings} today={today} />
          <History settings={settings.data.settings} />
        </div>
      )}
    </>
  );
}

function settingColumns(t: BoT): Column<ToteSetting>[] {
  return [
    {
      id: 'type',
      header: t('toteSettings.colBetType'),
      cell: (row) => `${betTypeByCode(row.betType)?.name ?? row.betType} (${row.betType})`,
      rowHeader: true,
    },
    { id: 'takeout', header: t('toteSettings.colTakeout'), cell: (row) => formatTakeout(row.takeoutBp), numeric: true },
    {
      id: 'noWinner',
      header: t('toteSettings.colNoWinner'),
      // Jackpots ignore the setting: their unwon pool always carries over with a consolation.
      cell: (row) =>
        JACKPOT_BET_TYPES.includes(row.betType)
          ? t('toteSettings.jackpotNoWinner')
          : t(`toteSettings.noWinnerOptions.${row.noWinner}`),
    },
    {
      id: 'scratch',
      header: t('toteSettings.colScratch'),
      cell: (row) => t(`toteSettings.scratchOptions.${row.multiRaceScratch}`),
    },
    {
      id: 'cancelled',
      header: t('toteSettings.colCancelled'),
      cell: (row) => t(`toteSettings.cancelledOptions.${row.cancelledLeg}`),
    },
    { id: 'effective', header: t('toteSettings.colEffective'), cell: (row) => row.effectiveFrom, nowrap: true },
    {
      id: 'entered',
      header: t('toteSettings.colEntered'),
      cell: (row) => (row.createdAt ? <ManilaTime iso={row.createdAt} /> : t('toteSettings.builtIn')),
      nowrap: true,
    },
  ];
}

const settingKey = (row: ToteSetting) => `${row.betType}-${row.effectiveFrom}-${row.createdAt ?? 'default'}`;

function InForce({ settings, today }: { settings: readonly ToteSetting[]; today: string }) {
  const t = useT();
  const headingId = useId();
  const rows = [...settingsInForce(settings, today).values()];
  return (
    <section className="bo-section" aria-labelledby={headingId} data-testid="settings-in-force">
      <h2 id={headingId}>{t('toteSettings.inForce')}</h2>
      {rows.length === 0 ? (
        <EmptyBlock text={t('common.none')} />
      ) : (
        <DataTable
          caption={t('toteSettings.inForceCaption')}
          columns={settingColumns(t)}
          rows={rows}
          rowKey={settingKey}
        />
      )}
    </section>
  );
}

function History({ settings }: { settings: readonly ToteSetting[] }) {
  const t = useT();
  const headingId = useId();
  // Entered settings only: the built-in defaults already show under "In force" until replaced.
  const rows = settings.filter((row) => row.createdAt !== null);
  if (rows.length === 0) return null;
  return (
    <section className="bo-section" aria-labelledby={headingId} data-testid="settings-history">
      <h2 id={headingId}>{t('toteSettings.history')}</h2>
      <DataTable
        caption={t('toteSettings.historyCaption')}
        columns={settingColumns(t)}
        rows={rows}
        rowKey={settingKey}
      />
    </section>
  );
}

function draftFor(
  betType: string,
  settings: readonly ToteSetting[],
  today: string,
  effectiveFrom: string,
): SettingDraft {
  const current = settingsInForce(settings, today).get(betType);
  return {
    betType,
    takeout: current ? formatTakeout(current.takeoutBp).replace('%', '') : '',
    noWinner: current?.noWinner ?? 'refund',
    multiRaceScratch: current?.multiRaceScratch ?? 'favourite',
    cancelledLeg: current?.cancelledLeg ?? 'refund',
    effectiveFrom,
  };
}

function SettingForm({ settings, today }: { settings: readonly ToteSetting[]; today: string }) {
  const t = useT();
  const headingId = useId();
  const save = useSaveSettingMutation();
  // Starts from what is in force for the type, so a change is one field, not six.
  const [draft, setDraft] = useState<SettingDraft>(() => draftFor('W', settings, today, today));
  const [errors, setErrors] = useState<Partial<Record<keyof SettingDraft, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  // Settings proposed and not yet approved by a second admin (decision 045): not in force, shown as waiting.
  const approvals = useApprovalsQuery();

  function change(field: keyof SettingDraft, value: string) {
    setSaved(null);
    save.reset();
    setDraft((current) =>
      field === 'betType' ? draftFor(value, settings, today, current.effectiveFrom) : { ...current, [field]: value },
    );
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    setSaved(null);
    const check = checkSetting(draft);
    if (!check.ok) {
      save.reset();
      setErrors(check.fieldErrors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    save.mutate(check.body, {
      // The server's answer: sent for a second admin's approval (decision 045), not applied yet.
      onSuccess: (answer) => setSaved(answer.statusMessage),
      onError: (error) => {
        const fromServer = serverFieldErrors(t, error);
        setErrors({
          ...(fromServer.takeoutBp ? { takeout: fromServer.takeoutBp } : {}),
          ...(fromServer.effectiveFrom ? { effectiveFrom: fromServer.effectiveFrom } : {}),
        });
        focusFirstError(form);
      },
    });
  }

  const error = (field: keyof SettingDraft) => {
    const message = errors[field];
    return message ? toteText(t, message) : undefined;
  };
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('toteSettings.addTitle')}</h2>
      <p className="bo-muted">{t('toteSettings.addIntro')}</p>
      <form className="bo-form" onSubmit={submit} noValidate>
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {save.isError ? <Alert tone="error">{toteErrorText(t, save.error)}</Alert> : null}
        <PendingProposals requests={pendingOfKind(approvals.data, DualControlKinds.toteSetting)} />
        <SelectField
          label={t('toteSettings.betType')}
          value={draft.betType}
          options={BET_TYPES.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` }))}
          onChange={(e) => change('betType', e.target.value)}
        />
        <TextField
          label={t('toteSettings.takeout')}
          hint={t('toteSettings.takeoutHint')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.takeout}
          error={error('takeout')}
          onChange={(e) => change('takeout', e.target.value)}
        />
        <SelectField
          label={t('toteSettings.noWinner')}
          value={draft.noWinner}
          options={[
            { value: 'refund', label: t('toteSettings.noWinnerOptions.refund') },
            { value: 'carryover', label: t('toteSettings.noWinnerOptions.carryover') },
          ]}
          error={error('noWinner')}
          onChange={(e) => change('noWinner', e.target.value)}
        />
        <p className="bo-muted bo-form__note">{t('toteSettings.noWinnerHint')}</p>
        <SelectField
          label={t('toteSettings.multiRaceScratch')}
          value={draft.multiRaceScratch}
          options={[
            { value: 'favourite', label: t('toteSettings.scratchOptions.favourite') },
            { value: 'refund', label: t('toteSettings.scratchOptions.refund') },
          ]}
          error={error('multiRaceScratch')}
          onChange={(e) => change('multiRaceScratch', e.target.value)}
        />
        <SelectField
          label={t('toteSettings.cancelledLeg')}
          value={draft.cancelledLeg}
          options={[
            { value: 'refund', label: t('toteSettings.cancelledOptions.refund') },
            { value: 'allwin', label: t('toteSettings.cancelledOptions.allwin') },
          ]}
          error={error('cancelledLeg')}
          onChange={(e) => change('cancelledLeg', e.target.value)}
        />
        <TextField
          label={t('toteSettings.effectiveFrom')}
          type="date"
          value={draft.effectiveFrom}
          error={error('effectiveFrom')}
          onChange={(e) => change('effectiveFrom', e.target.value)}
        />
        <Button type="submit" busy={save.isPending}>
          {t('toteSettings.save')}
        </Button>
      </form>
    </section>
  );
}
