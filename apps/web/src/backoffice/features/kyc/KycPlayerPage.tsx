import { Link, useParams } from 'react-router';
import { KYC_ID_TYPE_LABELS } from '@karera/shared';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT } from '../../i18n/useT.ts';
import { usePlayerKycQuery } from './kyc.api.ts';
import { KycFields } from './KycReviewPage.tsx';

const idOf = (param: string | undefined) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0);

/** Admin: a player's verification status and every submission, newest first (from the player's page). */
export function KycPlayerPage() {
  const t = useT();
  const playerId = idOf(useParams().playerId);
  const kyc = usePlayerKycQuery(playerId);
  return (
    <>
      <PageHeading title={t('kyc.playerTitle')}>
        <Link to={`/players/${playerId}`} className="bo-back">
          {t('kyc.player')}
        </Link>
      </PageHeading>
      {kyc.isPending ? (
        <LoadingBlock />
      ) : kyc.isError ? (
        <ErrorBlock error={kyc.error} onRetry={() => void kyc.refetch()} />
      ) : (
        <>
          <p data-testid="kyc-player-status">
            {t('kyc.playerStatus')}: <strong>{t(`kyc.statuses.${kyc.data.status}`)}</strong>
          </p>
          {kyc.data.submissions.length === 0 ? <p>{t('kyc.playerNone')}</p> : null}
          {kyc.data.duplicateAttempts.length > 0 ? (
            <section className="card bo-section" aria-labelledby="bo-kyc-attempts">
              <h2 id="bo-kyc-attempts">{t('kyc.attemptsTitle')}</h2>
              <ul>
                {kyc.data.duplicateAttempts.map((attempt) => (
                  <li key={`${attempt.at}-${attempt.otherPlayerId}`}>
                    <ManilaTime iso={attempt.at} /> · {KYC_ID_TYPE_LABELS[attempt.idType]} · {t('kyc.attemptHeldBy')}{' '}
                    <Link to={`/players/${attempt.otherPlayerId}`}>{attempt.otherMobileNo}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {kyc.data.submissions.map((submission) => (
            <div key={submission.id}>
              <KycFields submission={submission} />
              <Link to={`/kyc/${submission.id}`}>{t('kyc.open', { id: submission.id })}</Link>
            </div>
          ))}
        </>
      )}
    </>
  );
}
