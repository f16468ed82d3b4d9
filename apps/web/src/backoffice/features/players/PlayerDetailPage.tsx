import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatPeso, type LedgerEntryView, type PlayerDetailResponse } from '@karera/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formatSignedPeso } from '../../lib/format.ts';
import { useStaff } from '../../lib/session.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { AdjustmentForm } from './AdjustmentForm.tsx';
import { LoginLinkSection } from './LoginLinkSection.tsx';
import { ExclusionSection } from '../../components/ExclusionSection.tsx';
import { KycStatusSection } from '../../components/KycStatusSection.tsx';
import { NoticesSection } from '../../components/NoticesSection.tsx';
import { BakasGroupsSection } from '../../components/BakasGroupsSection.tsx';
import { usePlayerQuery } from './players.api.ts';
import { playerName } from './playerName.ts';

function parsePlayerId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

export function PlayerDetailPage() {
  const t = useT();
  const playerId = parsePlayerId(useParams().playerId);
  if (playerId === null) {
    return (
      <>
        <PageHeading title={t('player.notFound')} />
        <Link to="/players">{t('player.back')}</Link>
      </>
    );
  }
  return <PlayerDetail key={playerId} playerId={playerId} />;
}

function PlayerDetail({ playerId }: { playerId: number }) {
  const t = useT();
  const staff = useStaff();
  const detail = usePlayerQuery(playerId);

  return (
    <>
      <PageHeading title={t('player.title', { id: playerId })}>
        <Link to="/players" className="bo-back">
          {t('player.back')}
        </Link>
      </PageHeading>
      {detail.isPending ? (
        <LoadingBlock />
      ) : detail.isError ? (
        <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="bo-detail">
          <Profile t={t} player={detail.data.player} />
          <Balances t={t} player={detail.data.player} />
          {staff.role === 'admin' ? <KycStatusSection playerId={playerId} /> : null}
          {staff.role === 'admin' ? <ExclusionSection playerId={playerId} /> : null}
          {staff.role === 'admin' ? <LoginLinkSection playerId={playerId} /> : null}
          {staff.role === 'admin' ? <AdjustmentForm player={detail.data.player} /> : null}
          {staff.role === 'admin' ? <NoticesSection playerId={playerId} /> : null}
          <Entries t={t} entries={detail.data.entries} />
          <BakasGroupsSection playerId={playerId} />
        </div>
      )}
    </>
  );
}

type PlayerView = PlayerDetailResponse['player'];

function Profile({ t, player }: { t: BoT; player: PlayerView }) {
  const rows: [string, ReactNode][] = [
    [t('player.name'), playerName(t, player)],
    [t('player.mobile'), player.mobileNo],
    [t('player.email'), player.email ? <a href={`mailto:${player.email}`}>{player.email}</a> : t('common.none')],
    [t('player.verified'), player.verified ? t('common.yes') : t('common.no')],
    [t('player.kyc'), t(`kyc.statuses.${player.kycStatus}`)],
    [t('player.agent'), player.agentName ?? t('common.none')],
    [t('player.registered'), <ManilaTime key="registered" iso={player.createdAt} />],
  ];
  return (
    <section className="card bo-section" aria-labelledby="bo-profile">
      <h2 id="bo-profile">{t('player.profile')}</h2>
      <dl className="bo-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="bo-fields__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Balances({ t, player }: { t: BoT; player: PlayerView }) {
  const balances: [string, number][] = [
    [t('player.creditBalance'), player.creditBalance],
    [t('player.bonusBalance'), player.bonusBalance],
    [t('player.withdrawHoldBalance'), player.withdrawHoldBalance],
  ];
  return (
    <section className="card bo-section" aria-labelledby="bo-balances">
      <h2 id="bo-balances">{t('player.balances')}</h2>
      <dl className="bo-balances">
        {balances.map(([label, amount]) => (
          <div key={label} className="bo-balances__item">
            <dt>{label}</dt>
            <dd>{formatPeso(amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function entryColumns(t: BoT): Column<LedgerEntryView>[] {
  return [
    { id: 'date', header: t('player.colDate'), nowrap: true, cell: (e) => <ManilaTime iso={e.createdAt} /> },
    { id: 'transaction', header: t('player.colTransaction'), numeric: true, cell: (e) => `#${e.transactionId}` },
    { id: 'type', header: t('player.colPaymentType'), cell: (e) => e.paymentType },
    { id: 'account', header: t('player.colAccount'), cell: (e) => t(`accounts.${e.account}`) },
    {
      id: 'amount',
      header: t('player.colAmount'),
      numeric: true,
      cell: (e) => (
        <span className={e.amount < 0 ? 'bo-amount bo-amount--debit' : 'bo-amount bo-amount--credit'}>
          {formatSignedPeso(e.amount)}
        </span>
      ),
    },
    {
      id: 'description',
      header: t('player.colDescription'),
      cell: (e) => (
        <>
          {e.description}
          {e.reversesTransactionId !== null ? (
            <span className="bo-muted"> ({t('player.reverses', { id: e.reversesTransactionId })})</span>
          ) : null}
        </>
      ),
    },
  ];
}

function Entries({ t, entries }: { t: BoT; entries: LedgerEntryView[] }) {
  const newestFirst = entries.toSorted(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.transactionId - a.transactionId || b.postingId - a.postingId,
  );
  return (
    <section className="bo-section" aria-labelledby="bo-entries">
      <h2 id="bo-entries">{t('player.entries')}</h2>
      {entries.length === 0 ? (
        <EmptyBlock text={t('player.entriesEmpty')} />
      ) : (
        <DataTable
          caption={t('player.entriesCaption')}
          columns={entryColumns(t)}
          rows={newestFirst}
          rowKey={(e) => e.postingId}
        />
      )}
    </section>
  );
}
