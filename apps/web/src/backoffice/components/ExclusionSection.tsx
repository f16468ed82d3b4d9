import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPeso, ResponsibleGamingAdminOperations } from '@karera/shared';
import { Alert, Button, TextField } from '../../components/ui/index.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { errorText } from '../lib/errors.ts';
import { useT } from '../i18n/useT.ts';
import { ManilaTime } from './ManilaTime.tsx';
import { ErrorBlock, LoadingBlock } from './QueryState.tsx';

const ops = ResponsibleGamingAdminOperations;

/**
 * A player's responsible gaming on their page (admins): the limits they set, the exclusion in force, and
 * the operator's exclusion with a reason, or its lifting (both audited by the server). Here, below the
 * features, because the players page shows it and features never import each other.
 */
export function ExclusionSection({ playerId }: { playerId: number }) {
  const t = useT();
  const headingId = useId();
  const queryClient = useQueryClient();
  const queryKey = ['backoffice', 'responsible-gaming', playerId];
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => callOperation(ops.playerStatus, { params: { id: playerId }, signal }),
  });
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'exclude' | 'lift') =>
      callOperation(ops[action], { params: { id: playerId }, body: { reason: reason.trim() } }),
    onSuccess: () => {
      setReason('');
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'exclusions'] });
    },
  });

  if (state.isPending) return <LoadingBlock />;
  if (state.isError) return <ErrorBlock error={state.error} onRetry={() => void state.refetch()} />;
  const { exclusion, limits } = state.data;
  const operatorActive = state.data.history.some((e) => e.active && e.kind === 'operator');
  const set = limits.filter((limit) => limit.amount !== null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide.mutate(operatorActive ? 'lift' : 'exclude');
  };

  return (
    <section className="card bo-section" aria-labelledby={headingId} data-testid="player-exclusion">
      <h2 id={headingId}>{t('rglimits.player.title')}</h2>
      <p data-testid="player-exclusion-state">
        {exclusion ? (
          <>
            {t('rglimits.player.current', {
              kind: t(`rglimits.kinds.${exclusion.kind}`),
              period:
                exclusion.period in PERIODS
                  ? t(`rglimits.periods.${PERIODS[exclusion.period as keyof typeof PERIODS]}`)
                  : exclusion.period,
              until: exclusion.endsAt ? '' : t('rglimits.untilLifted'),
            })}{' '}
            {exclusion.endsAt ? <ManilaTime iso={exclusion.endsAt} /> : null}
          </>
        ) : (
          t('rglimits.player.none')
        )}
      </p>
      <h3>{t('rglimits.player.limits')}</h3>
      {set.length === 0 ? (
        <p>{t('rglimits.player.noLimits')}</p>
      ) : (
        <ul>
          {set.map((limit) => (
            <li key={limit.kind}>
              {t(`rglimits.limitKinds.${limit.kind}`)}: {formatPeso(limit.amount ?? 0)}
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('rglimits.player.reason')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {decide.isError ? <Alert tone="error">{errorText(t, decide.error)}</Alert> : null}
        {decide.isSuccess ? <Alert tone="success">{decide.data.statusMessage}</Alert> : null}
        <Button type="submit" variant={operatorActive ? 'secondary' : 'primary'} busy={decide.isPending}>
          {operatorActive ? t('rglimits.player.lift') : t('rglimits.player.exclude')}
        </Button>
      </form>
    </section>
  );
}

const PERIODS = {
  coolOff24h: 'coolOff24h',
  coolOff7d: 'coolOff7d',
  coolOff30d: 'coolOff30d',
  selfExclusion6m: 'selfExclusion6m',
  selfExclusion1y: 'selfExclusion1y',
  selfExclusion5y: 'selfExclusion5y',
  untilLifted: 'untilLifted',
} as const;
