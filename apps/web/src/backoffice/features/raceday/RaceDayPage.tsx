import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { EventForm } from './EventForm.tsx';
import { raceCountOf, useCreateEventMutation, useRacingEventsQuery, type EventListItem } from './raceday.api.ts';
import { EMPTY_EVENT_DRAFT, formatRaceDate } from './raceday.ts';

/** The race count shows only when the server sends one (see EventListItem). */
function eventColumns(t: BoT, withRaceCount: boolean): Column<EventListItem>[] {
  const columns: Column<EventListItem>[] = [
    {
      id: 'name',
      header: t('raceDay.colName'),
      rowHeader: true,
      cell: (e) => <Link to={`/race-day/${e.id}`}>{e.name}</Link>,
    },
    { id: 'arena', header: t('raceDay.colArena'), cell: (e) => e.arena },
    {
      id: 'date',
      header: t('raceDay.colDate'),
      nowrap: true,
      cell: (e) => <time dateTime={e.raceDate}>{formatRaceDate(e.raceDate)}</time>,
    },
  ];
  if (withRaceCount) {
    columns.push({
      id: 'races',
      header: t('raceDay.colRaces'),
      numeric: true,
      cell: (e) => raceCountOf(e) ?? t('common.none'),
    });
  }
  return columns;
}

/** The race days (newest first) and a form to add one. Admin only. */
export function RaceDayPage() {
  const t = useT();
  const listId = useId();
  const createId = useId();
  const events = useRacingEventsQuery();
  const create = useCreateEventMutation();

  return (
    <>
      <PageHeading title={t('raceDay.title')} />
      <div className="bo-raceday-layout">
        <section className="bo-section" aria-labelledby={listId}>
          <h2 id={listId}>{t('raceDay.listTitle')}</h2>
          {events.isPending ? (
            <LoadingBlock />
          ) : events.isError ? (
            <ErrorBlock error={events.error} onRetry={() => void events.refetch()} />
          ) : events.data.events.length === 0 ? (
            <EmptyBlock text={t('raceDay.empty')} />
          ) : (
            <DataTable
              caption={t('raceDay.caption')}
              columns={eventColumns(
                t,
                events.data.events.some((e) => raceCountOf(e) !== null),
              )}
              rows={events.data.events}
              rowKey={(e) => e.id}
            />
          )}
        </section>
        <section className="card bo-section" aria-labelledby={createId}>
          <h2 id={createId}>{t('raceDay.createTitle')}</h2>
          <EventForm
            initial={EMPTY_EVENT_DRAFT}
            mutation={create}
            submitLabel={t('raceDay.create')}
            resetAfterSave
            onSaved={(event) => (
              <>
                {t('raceDay.created', { name: event.name })}{' '}
                <Link to={`/race-day/${event.id}`}>{t('raceDay.openCreated')}</Link>
              </>
            )}
          />
        </section>
      </div>
    </>
  );
}
