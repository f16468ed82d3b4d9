import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { KycOperations } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { useT } from '../i18n/useT.ts';
import { ErrorBlock, LoadingBlock } from './QueryState.tsx';

/**
 * A player's identity verification status on their page (admins), linking to the submissions. Here, below
 * the features, because the players page shows it and features never import each other.
 */
export function KycStatusSection({ playerId }: { playerId: number }) {
  const t = useT();
  const kyc = useQuery({
    queryKey: ['backoffice', 'kyc', 'player', playerId],
    queryFn: ({ signal }) => callOperation(KycOperations.player, { params: { playerId }, signal }),
  });
  return (
    <section className="card bo-section" aria-labelledby="bo-player-kyc">
      <h2 id="bo-player-kyc">{t('kyc.playerTitle')}</h2>
      {kyc.isPending ? (
        <LoadingBlock />
      ) : kyc.isError ? (
        <ErrorBlock error={kyc.error} onRetry={() => void kyc.refetch()} />
      ) : (
        <p data-testid="player-kyc-status">
          {t('kyc.playerStatus')}: <strong>{t(`kyc.statuses.${kyc.data.status}`)}</strong>
          {kyc.data.submissions.some((s) => s.duplicateOf.length > 0) || kyc.data.duplicateAttempts.length > 0 ? (
            <> · {t('kyc.duplicateFlag')}</>
          ) : null}{' '}
          {kyc.data.submissions.length > 0 ? <Link to={`/kyc/players/${playerId}`}>{t('kyc.playerOpen')}</Link> : null}
        </p>
      )}
    </section>
  );
}
