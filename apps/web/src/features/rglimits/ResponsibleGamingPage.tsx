import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatManilaDateTime,
  formatPeso,
  parsePesos,
  RG_BREAK_PERIODS,
  RG_LIMIT_MAX,
  RG_LIMIT_MIN,
  rgBreakEndMs,
  rgBreakIsCancellable,
  type RgBreakPeriod,
  type RgExclusionView,
  type RgLimitView,
  type RgStatusResponse,
} from '@karera/shared';
import { Alert, Button, Dialog, Page, SelectField, Spinner, TextField } from '../../components/ui/index.ts';
import { useMessageText } from '../../lib/messages.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import {
  cancelRgBreak,
  rgStatusKey,
  rgStatusQuery,
  setRealityCheck,
  setRgLimit,
  sinceSignInKey,
  startRgBreak,
} from './rgApi.ts';
import { useRgT } from './rgI18n.ts';
import './rglimits.css';

const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

type RgT = ReturnType<typeof useRgT>;

/**
 * Responsible Gaming (/responsiblegaming, issue 22): the player's limits with what is pending, a cool-off or
 * self-exclusion with a clear confirmation, and the reality check interval. The server enforces every rule;
 * this page shows them and sends the player's choices.
 */
export function ResponsibleGamingPage() {
  const rgT = useRgT();
  const title = useRouteTitle();
  const status = useQuery(rgStatusQuery);

  return (
    <Page title={title} className="page--narrow" testId="responsible-gaming-page">
      <p className="rg__intro">{rgT('intro')}</p>
      {status.isPending ? (
        <div className="rg__state">
          <Spinner label={rgT('loading')} />
        </div>
      ) : status.isError ? (
        <div className="rg__state">
          <Alert tone="error">{rgT('error')}</Alert>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {rgT('retry')}
          </Button>
        </div>
      ) : (
        <>
          {status.data.exclusion ? <CurrentBreak rgT={rgT} exclusion={status.data.exclusion} /> : null}
          <LimitsSection rgT={rgT} limits={status.data.limits} />
          {status.data.exclusion ? null : <BreakSection rgT={rgT} />}
          <RealityCheckSection rgT={rgT} minutes={status.data.realityCheckMinutes} />
        </>
      )}
    </Page>
  );
}

/** A mutation whose answer is the new state: the page shows it at once, and a refusal as the server words it. */
function useRgMutation<A>(call: (arg: A) => Promise<RgStatusResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(rgStatusKey, answer);
      void queryClient.invalidateQueries({ queryKey: sinceSignInKey });
    },
  });
}

function Refusal({ error }: { error: Error | null }) {
  const messageText = useMessageText();
  return error ? <Alert tone="error">{messageText(refusalOf(error))}</Alert> : null;
}

function CurrentBreak({ rgT, exclusion }: { rgT: RgT; exclusion: RgExclusionView }) {
  const cancel = useRgMutation(cancelRgBreak);
  const date = formatManilaDateTime(exclusion.endsAt ?? '');
  return (
    <section className="card rg__section" aria-labelledby="rg-current" data-testid="rg-current-break">
      <h2 id="rg-current" className="rg__title">
        {rgT('current.title')}
      </h2>
      <p>
        {exclusion.kind === 'operator'
          ? rgT('current.operator')
          : rgT(exclusion.kind === 'coolOff' ? 'current.coolOff' : 'current.selfExclusion', { date })}
      </p>
      <p>{rgT('breakSection.whatItMeans')}</p>
      {exclusion.cancelAt ? (
        <p>{rgT('current.endsEarly', { date: formatManilaDateTime(exclusion.cancelAt) })}</p>
      ) : null}
      <Refusal error={cancel.error} />
      {exclusion.cancellable ? (
        <>
          <p className="rg__hint">{rgT('current.cancelHelp')}</p>
          <Button variant="secondary" busy={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
            {rgT('current.cancel')}
          </Button>
        </>
      ) : exclusion.kind !== 'operator' && !exclusion.cancelAt ? (
        <p className="rg__hint" data-testid="rg-not-cancellable">
          {rgT('current.notCancellable')}
        </p>
      ) : null}
    </section>
  );
}

function LimitsSection({ rgT, limits }: { rgT: RgT; limits: readonly RgLimitView[] }) {
  return (
    <section className="card rg__section" aria-labelledby="rg-limits">
      <h2 id="rg-limits" className="rg__title">
        {rgT('limits.title')}
      </h2>
      <p className="rg__hint">{rgT('limits.help')}</p>
      <ul className="rg__limits">
        {limits.map((limit) => (
          <li key={limit.kind}>
            <LimitRow rgT={rgT} limit={limit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LimitRow({ rgT, limit }: { rgT: RgT; limit: RgLimitView }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useRgMutation(({ amount }: { amount: number | null }) => setRgLimit(limit.kind, amount));
  const name = rgT(`limits.${limit.kind}`);
  const headingId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = parsePesos(text);
    if (amount === null || amount < RG_LIMIT_MIN || amount > RG_LIMIT_MAX) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate({ amount }, { onSuccess: () => (setText(''), setSaved(true)) });
  }

  return (
    <form
      className="rg__limit"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      data-testid={`rg-limit-${limit.kind}`}
    >
      <h3 id={headingId} className="rg__limit-name">
        {name}
      </h3>
      <p data-testid="rg-limit-current">
        {limit.amount === null ? rgT('limits.none') : rgT('limits.current', { amount: formatPeso(limit.amount) })}
      </p>
      {limit.pending ? (
        <p className="rg__pending" data-testid="rg-limit-pending">
          {limit.pending.amount === null
            ? rgT('limits.pendingRemoval', { date: formatManilaDateTime(limit.pending.effectiveAt) })
            : rgT('limits.pendingAmount', {
                amount: formatPeso(limit.pending.amount),
                date: formatManilaDateTime(limit.pending.effectiveAt),
              })}
        </p>
      ) : null}
      {limit.amount !== null && limit.used !== null && limit.resetsAt ? (
        <p className="rg__hint">
          {rgT('limits.used', { amount: formatPeso(limit.used), date: formatManilaDateTime(limit.resetsAt) })}
        </p>
      ) : null}
      <TextField
        label={rgT('limits.newAmount', { limit: name })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => (setText(event.target.value), setSaved(false))}
        error={invalid ? rgT('limits.invalid') : undefined}
      />
      <Refusal error={save.error} />
      {saved && save.data?.statusMessage ? <Alert tone="success">{save.data.statusMessage}</Alert> : null}
      <div className="rg__actions">
        <Button type="submit" size="sm" busy={save.isPending} aria-label={rgT('limits.saveLabel', { limit: name })}>
          {rgT('limits.save')}
        </Button>
        {limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            aria-label={rgT('limits.removeLabel', { limit: name })}
            onClick={() => save.mutate({ amount: null }, { onSuccess: () => setSaved(true) })}
          >
            {rgT('limits.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function BreakSection({ rgT }: { rgT: RgT }) {
  const [period, setPeriod] = useState<RgBreakPeriod>('coolOff24h');
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const start = useRgMutation(startRgBreak);
  const checkId = useId();
  const close = () => (setConfirming(false), setUnderstood(false));

  return (
    <section className="card rg__section" aria-labelledby="rg-break">
      <h2 id="rg-break" className="rg__title">
        {rgT('breakSection.title')}
      </h2>
      <p>{rgT('breakSection.coolOffHelp')}</p>
      <p>{rgT('breakSection.selfExclusionHelp')}</p>
      <p>{rgT('breakSection.whatItMeans')}</p>
      <SelectField
        label={rgT('breakSection.period')}
        value={period}
        onChange={(event) => setPeriod(event.target.value as RgBreakPeriod)}
        options={RG_BREAK_PERIODS.map((value) => ({ value, label: rgT(`breakSection.periods.${value}`) }))}
      />
      <Refusal error={start.error} />
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {rgT('breakSection.start')}
      </Button>
      <Dialog
        open={confirming}
        onClose={close}
        title={rgT('breakSection.confirmTitle')}
        closeLabel={rgT('breakSection.close')}
        testId="rg-break-confirm"
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {rgT('breakSection.cancel')}
            </Button>
            <Button
              disabled={!understood}
              busy={start.isPending}
              onClick={() => start.mutate(period, { onSettled: close })}
            >
              {rgT('breakSection.confirm')}
            </Button>
          </>
        }
      >
        <p>
          {rgT('breakSection.confirmText', {
            period: rgT(`breakSection.periods.${period}`),
            date: formatManilaDateTime(new Date(rgBreakEndMs(period, Date.now())).toISOString()),
          })}
        </p>
        <p>{rgT('breakSection.whatItMeans')}</p>
        {period.startsWith('coolOff') || !rgBreakIsCancellable(period) ? (
          <p className="rg__warning">{rgT('breakSection.confirmIrrevocable')}</p>
        ) : null}
        <div className="rg__check">
          <input
            id={checkId}
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
          />
          <label htmlFor={checkId}>{rgT('breakSection.confirmCheck')}</label>
        </div>
      </Dialog>
    </section>
  );
}

function RealityCheckSection({ rgT, minutes }: { rgT: RgT; minutes: number }) {
  const [chosen, setChosen] = useState(String(minutes));
  const save = useRgMutation(setRealityCheck);
  return (
    <form
      className="card rg__section"
      aria-labelledby="rg-reality"
      onSubmit={(event) => (event.preventDefault(), save.mutate(Number(chosen)))}
    >
      <h2 id="rg-reality" className="rg__title">
        {rgT('reality.title')}
      </h2>
      <p>{rgT('reality.help')}</p>
      <SelectField
        label={rgT('reality.minutes')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        options={REALITY_CHECK_CHOICES.map((value) => ({
          value: String(value),
          label: rgT('reality.option', { minutes: value }),
        }))}
      />
      <Refusal error={save.error} />
      {save.isSuccess ? <Alert tone="success">{rgT('saved')}</Alert> : null}
      <Button type="submit" size="sm" busy={save.isPending}>
        {rgT('reality.save')}
      </Button>
    </form>
  );
}
