import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GameEvent, Race } from '@karera/shared';
import { Button } from '../../../components/ui/index.ts';
import { ManilaTime } from '../../components/ManilaTime.tsx';
import { FieldRow } from '../../components/FieldRow.tsx';
import { EmptyBlock } from '../../components/QueryState.tsx';
import { RecordNotFound, RecordPage } from '../../components/RecordPage.tsx';
import { useT } from '../../i18n/useT.ts';
import { ToteRaceLinks } from '../../components/ToteRaceLinks.tsx';
import { AddRaceForm } from './AddRaceForm.tsx';
import { EventForm } from './EventForm.tsx';
import { RaceStatusBadge } from '../../components/RaceStatusBadge.tsx';
import { RaceStatusControls } from './RaceStatusControls.tsx';
import { useRacingEventQuery, useUpdateEventMutation } from './raceday.api.ts';
import { betTypeName, byRaceNo, eventDraftOf, formatRaceDate, orderedBetTypes, parseId } from './raceday.ts';

export function EventPage() {
  const t = useT();
  const eventId = parseId(useParams().eventId);
  if (eventId === null) {
    return <RecordNotFound title={t('event.invalid')} backTo="/race-day" backLabel={t('event.back')} />;
  }
  return <EventScreen key={eventId} eventId={eventId} />;
}

function EventScreen({ eventId }: { eventId: number }) {
  const t = useT();
  const detail = useRacingEventQuery(eventId);
  return (
    <RecordPage
      title={t('raceDay.title')}
      recordTitle={({ event }) => event.name}
      className="bo-event-layout"
      backTo="/race-day"
      backLabel={t('event.back')}
      query={detail}
    >
      {({ event, races }) => (
        <>
          <RaceList event={event} races={byRaceNo(races)} />
          <EventDetails event={event} />
          <AddRaceForm event={event} races={races} />
        </>
      )}
    </RecordPage>
  );
}

function EventDetails({ event }: { event: GameEvent }) {
  const t = useT();
  const headingId = useId();
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const update = useUpdateEventMutation(event.id);

  /** Back to the details; after a save the mutation's success stays to say so. */
  function stopEditing(saved: boolean) {
    setEditing(false);
    if (!saved) update.reset();
    requestAnimationFrame(() => document.getElementById(editId)?.focus());
  }

  const betTypes = orderedBetTypes(event.enabledBetTypes);
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{editing ? t('event.edit') : t('event.details')}</h2>
      {editing ? (
        <EventForm
          initial={eventDraftOf(event)}
          mutation={update}
          submitLabel={t('eventForm.save')}
          resetAfterSave={false}
          onSaved={() => {
            stopEditing(true);
            return null;
          }}
          onCancel={() => stopEditing(false)}
        />
      ) : (
        <>
          {update.isSuccess ? (
            <p className="bo-saved" role="status">
              {t('eventForm.saved')}
            </p>
          ) : null}
          <dl className="bo-fields">
            <FieldRow label={t('event.arena')}>{event.arena}</FieldRow>
            <FieldRow label={t('event.raceDate')}>
              <time dateTime={event.raceDate}>{formatRaceDate(event.raceDate)}</time>
            </FieldRow>
            <FieldRow label={t('event.stream')}>{event.streamUrl || t('event.noStream')}</FieldRow>
            <FieldRow label={t('event.betTypes')}>
              {betTypes.length > 0 ? betTypes.map(betTypeName).join(', ') : t('event.noBetTypes')}
            </FieldRow>
          </dl>
          <div className="bo-actions">
            <Button
              id={editId}
              variant="secondary"
              size="sm"
              onClick={() => {
                update.reset();
                setEditing(true);
              }}
            >
              {t('event.edit')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function RaceList({ event, races }: { event: GameEvent; races: readonly Race[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('event.races')}</h2>
      {races.length === 0 ? (
        <EmptyBlock text={t('event.empty')} />
      ) : (
        <ul className="bo-race-list" aria-label={t('event.racesLabel')}>
          {races.map((race) => (
            <li key={race.raceId}>
              <RaceCard eventId={event.id} eventName={event.name} race={race} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RaceCard({ eventId, eventName, race }: { eventId: number; eventName: string; race: Race }) {
  const t = useT();
  const headingId = `bo-race-${race.raceId}`;
  const href = `/race-day/${eventId}/races/${race.raceId}`;
  const count = race.runners.length;
  return (
    <article className="card bo-race-card" aria-labelledby={headingId} data-race-no={race.raceNo}>
      <div className="bo-race-card__head">
        <h3 id={headingId} className="bo-race-card__title">
          <Link to={href}>{t('event.raceTitle', { raceNo: race.raceNo })}</Link>
        </h3>
        <RaceStatusBadge status={race.status} />
      </div>
      <dl className="bo-fields">
        <FieldRow label={t('event.start')}>
          <ManilaTime iso={race.startDateTime} />
        </FieldRow>
        <FieldRow label={t('event.runners')}>
          {t(count === 1 ? 'event.runnerCountOne' : 'event.runnerCountOther', { count })}
        </FieldRow>
      </dl>
      <RaceStatusControls race={race} eventName={eventName} />
      <ToteRaceLinks eventId={eventId} race={race} />
      <Link to={href} className="bo-race-card__more" aria-label={t('event.openRaceLabel', { raceNo: race.raceNo })}>
        {t('event.openRace')}
      </Link>
    </article>
  );
}
