import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BakasOperations, betTypeName, formatPeso, type BakasStaffGroup } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { useT } from '../i18n/useT.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { FieldList } from './FieldRow.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './QueryState.tsx';

type Member = BakasStaffGroup['staffMembers'][number];

/**
 * The group tickets (bakas, decision 056) of a race or of a player, each with every member: their shares, what
 * they paid, what came back, the stake that rode and their payout (staff see names and numbers; an agent only
 * the members in their scope, as the server answers).
 */
export function BakasGroupsSection(props: { raceId: number } | { playerId: number }) {
  const t = useT();
  const headingId = useId();
  const groups = useQuery({
    queryKey: ['backoffice', 'bakas', 'raceId' in props ? `race-${props.raceId}` : `player-${props.playerId}`],
    queryFn: ({ signal }) =>
      'raceId' in props
        ? callOperation(BakasOperations.raceGroups, { params: { raceId: props.raceId }, signal })
        : callOperation(BakasOperations.playerGroups, { params: { playerId: props.playerId }, signal }),
  });
  return (
    <section className="bo-section" aria-labelledby={headingId} data-testid="bo-bakas">
      <h2 id={headingId}>{t('raceId' in props ? 'bakas.raceTitle' : 'bakas.playerTitle')}</h2>
      {groups.isPending ? (
        <LoadingBlock />
      ) : groups.isError ? (
        <ErrorBlock error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.groups.length === 0 ? (
        <EmptyBlock text={t('bakas.empty')} />
      ) : (
        groups.data.groups.map((group) => <Group key={group.code} group={group} />)
      )}
    </section>
  );
}

function Group({ group }: { group: BakasStaffGroup }) {
  const t = useT();
  const organiser = group.staffMembers.find((member) => member.playerId === group.organiserId);
  const money = (value: number | null) => (value === null ? t('bakas.notSettled') : formatPeso(value));
  const columns: Column<Member>[] = [
    {
      id: 'member',
      header: t('bakas.member'),
      rowHeader: true,
      cell: (m) => <Link to={`/players/${m.playerId}`}>{`${m.firstName} ${m.lastName}`}</Link>,
    },
    { id: 'mobile', header: t('bakas.mobile'), nowrap: true, cell: (m) => m.mobile },
    { id: 'shares', header: t('bakas.memberShares'), numeric: true, cell: (m) => m.shares },
    { id: 'paid', header: t('bakas.paid'), numeric: true, cell: (m) => formatPeso(m.paid) },
    { id: 'refunded', header: t('bakas.refunded'), numeric: true, cell: (m) => formatPeso(m.refunded) },
    { id: 'stake', header: t('bakas.stake'), numeric: true, cell: (m) => formatPeso(m.stake) },
    { id: 'payout', header: t('bakas.payout'), numeric: true, cell: (m) => money(m.payout) },
  ];
  const facts: [string, string][] = [
    [t('bakas.status'), t(`bakas.statuses.${group.status}`)],
    [t('bakas.organiser'), organiser ? `${organiser.firstName} ${organiser.lastName}` : group.organiser],
    [
      t('bakas.bet'),
      `${betTypeName(group.betType)} · ${group.selections.map((runners) => runners.join(', ')).join(' / ')}`,
    ],
    [t('bakas.cost'), formatPeso(group.cost)],
    [
      t('bakas.shares'),
      t('bakas.sharesValue', { sold: group.sharesSold, shares: group.shares, price: formatPeso(group.sharePrice) }),
    ],
    [t('bakas.fee'), t('bakas.feeValue', { percent: group.feePercent })],
    [t('bakas.shortfall'), t(`bakas.shortfalls.${group.shortfall}`)],
    [t('bakas.ticket'), group.ticket ? group.ticket.ticketNo : t('bakas.noTicket')],
  ];
  if (group.ticket && group.ticket.cost !== group.cost)
    facts.push([t('bakas.placedCost'), formatPeso(group.ticket.cost)]);
  if (group.settlement) {
    facts.push([t('bakas.received'), formatPeso(group.settlement.received)]);
    facts.push([t('bakas.tax'), formatPeso(group.settlement.winningsTax)]);
    facts.push([t('bakas.feePaid'), formatPeso(group.settlement.fee)]);
  }
  return (
    <article className="card bo-section" data-testid="bo-bakas-group">
      <h3>
        {group.title} <span className="bo-muted">{t('bakas.code', { code: group.code })}</span>
      </h3>
      <FieldList rows={facts} />
      <DataTable
        caption={t('bakas.caption', { title: group.title })}
        columns={columns}
        rows={group.staffMembers}
        rowKey={(m) => m.playerId}
      />
    </article>
  );
}
