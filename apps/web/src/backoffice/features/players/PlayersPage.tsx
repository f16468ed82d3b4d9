import { Link } from 'react-router';
import { formatPeso, LIST_SORT_DIRECTIONS, PLAYER_SORT_KEYS, type PlayerSummary } from '@karera/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { choiceOf, useListParams } from '../../lib/listParams.ts';
import { useUrlSearch } from '../../lib/useUrlSearch.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { usePlayersQuery } from './players.api.ts';
import { playerName } from './playerName.ts';

function playerColumns(t: BoT): Column<PlayerSummary>[] {
  return [
    { id: 'id', header: t('players.colId'), numeric: true, sortFirst: 'desc', cell: (p) => p.playerId },
    {
      id: 'name',
      header: t('players.colName'),
      rowHeader: true,
      sortFirst: 'asc',
      cell: (p) => <Link to={`/players/${p.playerId}`}>{playerName(t, p)}</Link>,
    },
    { id: 'mobile', header: t('players.colMobile'), cell: (p) => p.mobileNo },
    { id: 'agent', header: t('players.colAgent'), cell: (p) => p.agentName ?? t('common.none') },
    { id: 'verified', header: t('players.colVerified'), cell: (p) => (p.verified ? t('common.yes') : t('common.no')) },
    { id: 'kyc', header: t('players.colKyc'), cell: (p) => t(`kyc.statuses.${p.kycStatus}`) },
    {
      id: 'credit',
      header: t('players.colCredit'),
      numeric: true,
      sortFirst: 'desc',
      cell: (p) => formatPeso(p.creditBalance),
    },
    {
      id: 'bonus',
      header: t('players.colBonus'),
      numeric: true,
      sortFirst: 'desc',
      cell: (p) => formatPeso(p.bonusBalance),
    },
    {
      id: 'registered',
      header: t('players.colRegistered'),
      nowrap: true,
      sortFirst: 'desc',
      cell: (p) => <ManilaTime iso={p.createdAt} />,
    },
  ];
}

/**
 * Search, filter, order and page live in the address, so Back and a shared link show the same list.
 * The server sorts and pages: a page is a slice of the whole sorted list, never a sort of one page.
 */
export function PlayersPage() {
  const t = useT();
  const { q, page, draft, setDraft, submit, goToPage } = useUrlSearch();
  const { params, update } = useListParams();
  const sort = choiceOf(params.get('sort'), PLAYER_SORT_KEYS) ?? 'id';
  const dir = choiceOf(params.get('dir'), LIST_SORT_DIRECTIONS) ?? 'desc';
  const verified = choiceOf(params.get('verified'), ['yes', 'no'] as const);
  const players = usePlayersQuery({ q, page, sort, dir, verified });

  return (
    <>
      <PageHeading title={t('players.title')} />
      <form role="search" className="bo-search" onSubmit={submit}>
        <TextField
          label={t('players.searchLabel')}
          hint={t('players.searchHint')}
          type="search"
          name="q"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('players.searchSubmit')}</Button>
      </form>
      <div className="bo-filters">
        <SelectField
          label={t('players.verifiedFilter')}
          value={verified ?? ''}
          placeholder={t('players.verifiedAll')}
          options={[
            { value: 'yes', label: t('players.verifiedYes') },
            { value: 'no', label: t('players.verifiedNo') },
          ]}
          onChange={(event) => update({ verified: event.target.value })}
        />
      </div>
      {players.isPending ? (
        <LoadingBlock />
      ) : players.isError ? (
        <ErrorBlock error={players.error} onRetry={() => void players.refetch()} />
      ) : (
        <div aria-busy={players.isPlaceholderData || undefined} className="bo-results">
          {players.data.players.length === 0 ? (
            <EmptyBlock text={t('players.empty')} />
          ) : (
            <DataTable
              caption={t('players.caption')}
              columns={playerColumns(t)}
              rows={players.data.players}
              rowKey={(p) => p.playerId}
              sort={{ key: sort, dir }}
              onSortChange={(next) =>
                update({
                  sort: next.key === 'id' && next.dir === 'desc' ? null : next.key,
                  dir: next.key === 'id' && next.dir === 'desc' ? null : next.dir,
                })
              }
            />
          )}
          {players.data.total > 0 ? (
            <Pagination
              page={players.data.page}
              pageSize={players.data.pageSize}
              total={players.data.total}
              onPageChange={goToPage}
              busy={players.isPlaceholderData}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
