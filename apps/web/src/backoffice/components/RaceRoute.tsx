import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../i18n/useT.ts';
import { parseId } from '../lib/raceCard.ts';
import { PageHeading } from './PageHeading.tsx';

/**
 * A page of one race (/race-day/:eventId/races/:raceId/...): the ids read from the address, or a
 * "race not found" page when they are not ids. The page is keyed by race, so moving to another race
 * starts it afresh.
 */
export function RaceRoute({ render }: { render: (ids: { eventId: number; raceId: number }) => ReactNode }) {
  const t = useT();
  const params = useParams();
  const eventId = parseId(params.eventId);
  const raceId = parseId(params.raceId);
  if (eventId === null || raceId === null) {
    return (
      <>
        <PageHeading title={t('race.notFound')} />
        <Link to="/race-day">{t('event.back')}</Link>
      </>
    );
  }
  return <Fragment key={`${eventId}-${raceId}`}>{render({ eventId, raceId })}</Fragment>;
}
