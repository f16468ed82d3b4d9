import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DualControlKinds,
  formatPeso,
  parsePesos,
  type ApprovalSettingsInput,
  type BalanceAdjustmentView,
  secondApprovalRefusal,
} from '@karera/shared';
import { useApprovalsQuery } from '../../lib/approvals.ts';
import { PendingProposals } from '../../components/ProposalSummary.tsx';
import { Alert, Button, TextArea, TextField } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { errorText } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useStaff } from '../../lib/session.tsx';
import { decisionErrorText } from './decisionError.ts';
import {
  useAdjustmentDecisionMutation,
  useApprovalSettingsQuery,
  usePendingAdjustmentsQuery,
  useSaveApprovalSettings,
} from './payments.api.ts';

function pesosText(centavos: number | null): string {
  return centavos === null ? '' : (centavos / 100).toFixed(2);
}

type SettingsDraft = Record<'deposit' | 'adjustment' | 'promo' | 'agent' | 'masterAgent' | 'admin', string>;

/**
 * Admin: the maker-checker thresholds and the daily approval limits per role (decision 020). An empty daily
 * limit means none. Saved changes are audited.
 */
export function ApprovalSettingsSection() {
  const t = useT();
  const settings = useApprovalSettingsQuery();
  const save = useSaveApprovalSettings();
  const headingId = useId();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [invalid, setInvalid] = useState(false);
  // The server's answer: a change is sent for a second admin's approval (decision 045), not applied.
  const [saved, setSaved] = useState<string | null>(null);
  const approvals = useApprovalsQuery();

  if (settings.isPending) return <LoadingBlock />;
  if (settings.isError) return <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />;
  const { dailyApprovalLimits: limits } = settings.data;
  const values: SettingsDraft = draft ?? {
    deposit: pesosText(settings.data.depositSecondApprovalAbove),
    adjustment: pesosText(settings.data.adjustmentSecondApprovalAbove),
    promo: pesosText(settings.data.promoSecondApprovalAbove),
    agent: pesosText(limits.agent),
    masterAgent: pesosText(limits.master_agent),
    admin: pesosText(limits.admin),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const deposit = parsePesos(values.deposit);
    const adjustment = parsePesos(values.adjustment);
    const promo = parsePesos(values.promo);
    const limit = (text: string) => (text.trim() === '' ? null : (parsePesos(text) ?? undefined));
    const [agent, masterAgent, admin] = [limit(values.agent), limit(values.masterAgent), limit(values.admin)];
    if (
      deposit == null ||
      adjustment == null ||
      promo == null ||
      agent === undefined ||
      masterAgent === undefined ||
      admin === undefined
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const input: ApprovalSettingsInput = {
      depositSecondApprovalAbove: deposit,
      adjustmentSecondApprovalAbove: adjustment,
      promoSecondApprovalAbove: promo,
      dailyApprovalLimits: { agent, master_agent: masterAgent, admin },
    };
    save.mutate(input, {
      onSuccess: (answer) => {
        setDraft(null);
        setSaved(answer.statusMessage);
      },
    });
  }

  const field = (name: keyof SettingsDraft, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode="decimal"
      value={values[name]}
      onChange={(event) => setDraft({ ...values, [name]: event.target.value })}
    />
  );
  return (
    <section className="card bo-section" aria-labelledby={headingId} data-testid="approval-settings">
      <h2 id={headingId}>{t('payments.approvalsTitle')}</h2>
      <p className="bo-muted">{t('payments.approvalsIntro')}</p>
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {invalid ? <Alert tone="error">{t('payments.approvalsInvalid')}</Alert> : null}
      <PendingProposals
        requests={approvals.data?.pending.filter((r) => r.kind === DualControlKinds.approvalSettings)}
      />
      {save.isError ? <Alert tone="error">{errorText(t, save.error)}</Alert> : null}
      <form onSubmit={submit} noValidate>
        {field('deposit', t('payments.depositSecondAbove'))}
        {field('adjustment', t('payments.adjustmentSecondAbove'))}
        {field('promo', t('payments.promoSecondAbove'))}
        {field('agent', t('payments.dailyLimitAgent'), t('payments.dailyLimitHint'))}
        {field('masterAgent', t('payments.dailyLimitMasterAgent'), t('payments.dailyLimitHint'))}
        {field('admin', t('payments.dailyLimitAdmin'), t('payments.dailyLimitHint'))}
        <Button type="submit" busy={save.isPending}>
          {t('payments.save')}
        </Button>
      </form>
    </section>
  );
}

/** Admin: balance adjustments above the threshold, waiting for a second admin (never their requester). */
export function PendingAdjustmentsSection() {
  const t = useT();
  const adjustments = usePendingAdjustmentsQuery(true);
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="card bo-section" aria-labelledby={headingId} data-testid="pending-adjustments">
      <h2 id={headingId}>{t('payments.adjustmentsTitle')}</h2>
      <p className="bo-muted">{t('payments.adjustmentsIntro')}</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {adjustments.isPending ? (
        <LoadingBlock />
      ) : adjustments.isError ? (
        <ErrorBlock error={adjustments.error} onRetry={() => void adjustments.refetch()} />
      ) : adjustments.data.adjustments.length === 0 ? (
        <EmptyBlock text={t('payments.adjustmentsEmpty')} />
      ) : (
        <ul className="bo-cards" aria-label={t('payments.adjustmentsTitle')}>
          {adjustments.data.adjustments.map((adjustment) => (
            <li key={adjustment.id}>
              <PendingAdjustment adjustment={adjustment} onDone={setDone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingAdjustment({
  adjustment,
  onDone,
}: {
  adjustment: BalanceAdjustmentView;
  onDone: (text: string) => void;
}) {
  const t = useT();
  const staff = useStaff();
  const decide = useAdjustmentDecisionMutation();
  const headingId = useId();
  const reasonId = useId();
  // Offered only to whom the server would let give it: never the admin who asked for the adjustment.
  const refusal = secondApprovalRefusal({ id: adjustment.requestedById, role: adjustment.requesterRole }, staff);
  const [note, setNote] = useState('');
  // One key per decision: pressing again after a lost answer repeats the same decision.
  const keys = useRef({ approve: newIdempotencyKey(), decline: newIdempotencyKey() });

  function run(decision: 'approve' | 'decline') {
    if (decide.isPending) return;
    decide.mutate(
      { id: adjustment.id, decision, note, idempotencyKey: keys.current[decision] },
      {
        onSuccess: (answer) =>
          onDone(
            t('payments.adjustmentDone', {
              id: answer.adjustment.id,
              status: t(`payments.statuses.${answer.adjustment.status}`).toLowerCase(),
            }),
          ),
      },
    );
  }

  return (
    <article className="card bo-payment" aria-labelledby={headingId} data-testid="pending-adjustment">
      <header className="bo-payment__head">
        <h3 id={headingId} className="bo-payment__title">
          {t('payments.adjustmentHeading', { id: adjustment.id })}
        </h3>
        <span className={`bo-payment__amount${adjustment.amount < 0 ? ' bo-payment__amount--out' : ''}`}>
          {formatPeso(adjustment.amount)}
        </span>
      </header>
      <dl className="bo-fields">
        <div className="bo-fields__row">
          <dt>{t('payments.player')}</dt>
          <dd>
            {adjustment.playerName} · ID {adjustment.playerId} · {t(`accounts.${adjustment.account}`)}
          </dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('payments.decisionNote')}</dt>
          <dd className="bo-prewrap">{adjustment.reason}</dd>
        </div>
        <div className="bo-fields__row">
          <dt>{t('payments.firstApproval')}</dt>
          <dd>
            {adjustment.requestedBy} · <ManilaTime iso={adjustment.requestedAt} />
          </dd>
        </div>
      </dl>
      <TextArea
        label={t('payments.declineNote')}
        rows={2}
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {decide.isError ? <Alert tone="error">{decisionErrorText(t, decide.error)}</Alert> : null}
      <div className="bo-actions">
        <Button
          variant="primary"
          busy={decide.isPending}
          onClick={() => run('approve')}
          disabled={refusal !== null}
          aria-describedby={refusal ? reasonId : undefined}
        >
          {t('payments.secondApprove')}
        </Button>
        <Button variant="danger" busy={decide.isPending} onClick={() => run('decline')}>
          {t('payments.decline')}
        </Button>
      </div>
      {refusal ? (
        <p id={reasonId} className="bo-muted" data-testid="adjustment-second-approval-refused">
          {localizeMessage(t, refusal)}
        </p>
      ) : null}
    </article>
  );
}
