import { Link, useSearchParams } from 'react-router';
import type { RgExclusionListEntry } from '@karera/shared';
import { SelectField } from '../../../components/ui/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { UrlPagination } from '../../components/UrlPagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { pageFromParam } from '../../lib/format.ts';
import { useT, type BoT } from '../../i18n/useT.ts';
import { useExclusionsQuery, type ExclusionFilter } from './rglimits.api.ts';

const FILTERS = ['active', 'ended', 'all'] as const satisfies readonly ExclusionFilter[];

function filterOf(value: string | null): ExclusionFilter {
  return FILTERS.find((filter) => filter === value) ?? 'active';
}

function periodText(t: BoT, period: string): string {
  return period in PERIOD_KEYS ? t(`rglimits.periods.${PERIOD_KEYS[period as keyof typeof PERIOD_KEYS]}`) : period;
}
const PERIOD_KEYS = {
  coolOff24h: 'coolOff24h',
  coolOff7d: 'coolOff7d',
  coolOff30d: 'coolOff30d',
  selfExclusion6m: 'selfExclusion6m',
  selfExclusion1y: 'selfExclusion1y',
  selfExclusion5y: 'selfExclusion5y',
  untilLifted: 'untilLifted',
} as const;

function columns(t: BoT): Column<RgExclusionListEntry>[] {
  return [
    {
      id: 'player',
      header: t('rglimits.col.player'),
      rowHeader: true,
      cell: (e) => <Link to={`/players/${e.playerId}`}>{e.playerName}</Link>,
    },
    { id: 'mobile', header: t('rglimits.col.mobile'), nowrap: true, cell: (e) => e.mobileNo },
    { id: 'kind', header: t('rglimits.col.kind'), cell: (e) => t(`rglimits.kinds.${e.kind}`) },
    { id: 'period', header: t('rglimits.col.period'), cell: (e) => periodText(t, e.period) },
    { id: 'from', header: t('rglimits.col.from'), nowrap: true, cell: (e) => <ManilaTime iso={e.startsAt} /> },
    {
      id: 'until',
      header: t('rglimits.col.until'),
      nowrap: true,
      cell: (e) => {
        const until = e.liftedAt ?? e.cancelAt ?? e.endsAt;
        return until ? <ManilaTime iso={until} /> : t('rglimits.untilLifted');
      },
    },
    { id: 'reason', header: t('rglimits.col.reason'), cell: (e) => e.liftReason ?? e.reason ?? '' },
    { id: 'by', header: t('rglimits.col.by'), cell: (e) => e.liftedByStaff ?? e.createdByStaff ?? '' },
    {
      id: 'state',
      header: t('rglimits.col.state'),
      cell: (e) =>
        t(e.active ? 'rglimits.states.active' : e.liftedAt ? 'rglimits.states.lifted' : 'rglimits.states.ended'),
    },
  ];
}

/** Admin: every cool-off, self-exclusion and operator exclusion, those in force first by default. */
export function ExclusionsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('show'));
  const page = pageFromParam(params.get('page'));
  const exclusions = useExclusionsQuery(filter, page);

  return (
    <>
      <PageHeading title={t('rglimits.title')} />
      <p className="bo-muted">{t('rglimits.intro')}</p>
      <form aria-label={t('rglimits.filter')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('rglimits.filter')}
          value={filter}
          options={FILTERS.map((value) => ({ value, label: t(`rglimits.filters.${value}`) }))}
          onChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('show', event.target.value);
              next.delete('page');
              return next;
            })
          }
        />
      </form>
      {exclusions.isPending ? (
        <LoadingBlock />
      ) : exclusions.isError ? (
        <ErrorBlock error={exclusions.error} onRetry={() => void exclusions.refetch()} />
      ) : exclusions.data.exclusions.length === 0 ? (
        <EmptyBlock text={t('rglimits.empty')} />
      ) : (
        <>
          <DataTable
            caption={t('rglimits.caption')}
            columns={columns(t)}
            rows={exclusions.data.exclusions}
            rowKey={(e) => e.id}
          />
          <UrlPagination
            page={page}
            pageSize={exclusions.data.pageSize}
            total={exclusions.data.total}
            busy={exclusions.isFetching}
          />
        </>
      )}
    </>
  );
}
