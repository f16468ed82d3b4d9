import { useId, useState, type FormEvent } from 'react';
import {
  BET_TYPES,
  betTypeByCode,
  DualControlKinds,
  JACKPOT_BET_TYPES,
  manilaDate,
  type ToteSetting,
  type ToteSettingInput,
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
import {
  checkSetting,
  draftOfSetting,
  settingFieldsOfServer,
  settingsInForce,
  SHARE_ORDER,
  type SettingDraft,
  type SettingField,
  type StampTaxKind,
} from './tote.ts';
import { ToteSections } from './ToteSections.tsx';
import { sharesText, stampTaxText, toteErrorText, toteText, winningsTaxText } from './toteText.ts';
import './tote.css';

const todayInManila = () => calendarDateToString(manilaDate(new Date()));

/**
 * Each bet type's pool split (EO 194 shares), stamp tax, tax on winnings and pool rules, with their effective
 * dates (/tote/settings); a change is proposed from today on and applies once a second admin approves it.
 */
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
    { id: 'shares', header: t('toteSettings.colShares'), cell: (row) => sharesText(t, row.shares) },
    { id: 'stampTax', header: t('toteSettings.colStampTax'), cell: (row) => stampTaxText(t, row.stampTax) },
    {
      id: 'winningsTax',
      header: t('toteSettings.colWinningsTax'),
      cell: (row) => winningsTaxText(t, row.winningsTax),
    },
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
  return draftOfSetting(settingsInForce(settings, today).get(betType), betType, effectiveFrom);
}

type SettingErrors = Partial<Record<SettingField, string>>;

function SettingForm({ settings, today }: { settings: readonly ToteSetting[]; today: string }) {
  const t = useT();
  const headingId = useId();
  const save = useSaveSettingMutation();
  // Starts from what is in force for the type, so a change is one field, not a dozen.
  const [draft, setDraft] = useState<SettingDraft>(() => draftFor('W', settings, today, today));
  const [errors, setErrors] = useState<SettingErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  // Settings proposed and not yet approved by a second admin (decision 045): not in force, shown as waiting.
  const approvals = useApprovalsQuery();
  // A single house takeout is offered only where the type's setting in force still has one.
  const legacyTakeout =
    settingsInForce(settings, today)
      .get(draft.betType)
      ?.shares.some((share) => share.name === 'takeout') ?? false;

  function change(field: keyof SettingDraft, value: string) {
    setSaved(null);
    save.reset();
    setDraft((current) =>
      field === 'betType' ? draftFor(value, settings, today, current.effectiveFrom) : { ...current, [field]: value },
    );
    const isShare = (SHARE_ORDER as readonly string[]).includes(field);
    setErrors((current) => ({ ...current, [field]: undefined, ...(isShare ? { shares: undefined } : {}) }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    setSaved(null);
    const check = checkSetting(draft, today);
    if (!check.ok) {
      save.reset();
      setErrors(check.fieldErrors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    const body: ToteSettingInput = check.body;
    save.mutate(body, {
      // The server's answer: sent for a second admin's approval (decision 045), not applied yet.
      onSuccess: (answer) => setSaved(answer.statusMessage),
      onError: (error) => {
        setErrors(settingFieldsOfServer(serverFieldErrors(t, error), body));
        focusFirstError(form);
      },
    });
  }

  const error = (field: SettingField) => {
    const message = errors[field];
    return message ? toteText(t, message) : undefined;
  };
  const shareFields = SHARE_ORDER.filter((name) => name !== 'takeout' || legacyTakeout);
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('toteSettings.addTitle')}</h2>
      <p className="bo-muted">{t('toteSettings.addIntro')}</p>
      <form className="bo-form" onSubmit={submit} noValidate data-testid="tote-setting-form">
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {save.isError ? <Alert tone="error">{toteErrorText(t, save.error)}</Alert> : null}
        <PendingProposals requests={pendingOfKind(approvals.data, DualControlKinds.toteSetting)} />
        <SelectField
          label={t('toteSettings.betType')}
          value={draft.betType}
          options={BET_TYPES.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` }))}
          onChange={(e) => change('betType', e.target.value)}
        />
        <fieldset className="bo-tote-fieldset" data-testid="setting-shares">
          <legend>{t('toteSettings.sharesLegend')}</legend>
          <p className="bo-muted bo-form__note">{t('toteSettings.sharesHint')}</p>
          {shareFields.map((name, index) => (
            <TextField
              key={name}
              label={t(`toteSettings.shareLabels.${name}`)}
              inputMode="decimal"
              autoComplete="off"
              value={draft[name]}
              // The shares' total is said once, on the first share.
              error={error(name) ?? (index === 0 ? error('shares') : undefined)}
              onChange={(e) => change(name, e.target.value)}
            />
          ))}
        </fieldset>
        <fieldset className="bo-tote-fieldset" data-testid="setting-stamp-tax">
          <legend>{t('toteSettings.stampLegend')}</legend>
          <p className="bo-muted bo-form__note">{t('toteSettings.stampHint')}</p>
          <SelectField
            label={t('toteSettings.stampKind')}
            value={draft.stampTaxKind}
            options={(['none', 'per-ticket', 'per-peso'] satisfies StampTaxKind[]).map((kind) => ({
              value: kind,
              label: t(`toteSettings.stampKinds.${kind}`),
            }))}
            onChange={(e) => change('stampTaxKind', e.target.value)}
          />
          {draft.stampTaxKind === 'per-ticket' ? (
            <TextField
              label={t('toteSettings.stampBase')}
              hint={t('toteSettings.stampStepHint')}
              inputMode="numeric"
              autoComplete="off"
              value={draft.stampBase}
              error={error('stampBase')}
              onChange={(e) => change('stampBase', e.target.value)}
            />
          ) : null}
          {draft.stampTaxKind === 'none' ? null : (
            <TextField
              label={t(
                draft.stampTaxKind === 'per-ticket' ? 'toteSettings.stampPerPesoAbove' : 'toteSettings.stampPerPeso',
              )}
              hint={t('toteSettings.stampStepHint')}
              inputMode="numeric"
              autoComplete="off"
              value={draft.stampPerPeso}
              error={error('stampPerPeso')}
              onChange={(e) => change('stampPerPeso', e.target.value)}
            />
          )}
        </fieldset>
        <fieldset className="bo-tote-fieldset" data-testid="setting-winnings-tax">
          <legend>{t('toteSettings.winningsLegend')}</legend>
          <TextField
            label={t('toteSettings.winningsTaxRate')}
            hint={t('toteSettings.winningsTaxRateHint')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.winningsTaxRate}
            error={error('winningsTaxRate')}
            onChange={(e) => change('winningsTaxRate', e.target.value)}
          />
          <SelectField
            label={t('toteSettings.winningsTaxBase')}
            value={draft.winningsTaxBase}
            options={[
              { value: 'winnings', label: t('toteSettings.winningsBases.winnings') },
              { value: 'dividend', label: t('toteSettings.winningsBases.dividend') },
            ]}
            error={error('winningsTaxBase')}
            onChange={(e) => change('winningsTaxBase', e.target.value)}
          />
        </fieldset>
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
          hint={t('toteSettings.effectiveFromHint')}
          type="date"
          min={today}
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
