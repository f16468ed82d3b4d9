import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { CardSwitcher } from '../../components/race/CardSwitcher.tsx';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { BreakBanner } from '../../components/rg/BreakBanner.tsx';
import { AnnouncementPopup } from './AnnouncementPopup.tsx';
import { eventIdOf } from './eventParam.ts';
import { LiveEmpty, LiveError, LiveSkeleton } from './LiveStates.tsx';
import { RaceDayView } from './RaceDayView.tsx';
import type { StatusChange } from './raceState.ts';
import { useLiveRaceDay } from './useLiveRaceDay.ts';
import './live.css';

/**
 * Live race screen (/live, docs/product/screens.md#live-screen): the card in play (or the one ?event=<id> names) with
 * its stream, race tabs, runners, bet types and bet slip, kept current by the live socket.
 */
export function LivePage() {
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const eventParam = eventIdOf(params.get('event'));
  return (
    <Page title={title} testId="live-page" className="live">
      <BreakBanner />
      <LiveRaceDay key={eventParam ?? 'today'} eventParam={eventParam} />
      <AnnouncementPopup />
    </Page>
  );
}

function LiveRaceDay({ eventParam }: { eventParam: number | null }) {
  const { view, connection, changes, cards, eventId } = useLiveRaceDay(eventParam);
  const [, setParams] = useSearchParams();
  // The race day renders in a transition of its own, in slices the browser can answer between, not in
  // the long task of the answer (or socket message) that brought the card: until its first render is
  // ready the loading screen stays, and a newer card replaces one still rendering.
  const ready = view.kind === 'ready' ? view.info : null;
  const shown = useDeferredValue(ready);
  return (
    <>
      {cards.length > 1 && eventId !== null && cards.some((card) => card.id === eventId) ? (
        <CardSwitcher cards={cards} selectedId={eventId} onSelect={(id) => setParams({ event: String(id) })} />
      ) : null}
      {view.kind === 'loading' || (ready !== null && shown === null) ? <LiveSkeleton /> : null}
      {view.kind === 'error' ? <LiveError code={view.code} /> : null}
      {view.kind === 'empty' ? <LiveEmpty /> : null}
      {ready !== null && shown !== null ? <RaceDayView info={shown} /> : null}
      <LiveAnnouncer changes={changes} />
      <div className="live-connection" role="status">
        {connection === 'reconnecting' ? <ReconnectingBadge /> : null}
      </div>
    </>
  );
}

function ReconnectingBadge() {
  const { t } = useTranslation();
  return (
    <span className="live-connection__badge" data-testid="live-reconnecting">
      <span className="live-connection__dot" aria-hidden="true" />
      {t('live.reconnecting')}
    </span>
  );
}

/** Says status changes politely to screen readers (the tabs and notices show them on screen). */
function LiveAnnouncer({ changes }: { changes: readonly StatusChange[] }) {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden" role="status" data-testid="live-announcer">
      {changes.map((change) => t(`live.statusChanged.${change.to}`, { raceNo: change.raceNo })).join('. ')}
    </div>
  );
}
