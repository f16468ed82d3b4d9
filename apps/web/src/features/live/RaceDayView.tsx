import { memo, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Race, RaceInfoResponse } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { browserStorage } from './announcement.ts';
import { BetSlip } from './BetSlip.tsx';
import { BetTypeTabs, LegTabs } from './BetTypeTabs.tsx';
import { readStreamHidden, writeStreamHidden } from './deviceMemory.ts';
import { HowToBet } from './HowToBetDrawer.tsx';
import { useLayoutT } from './layoutI18n.ts';
import { winnersOf } from './raceDisplay.ts';
import { defaultRace } from './raceState.ts';
import { eventIdOf } from './eventParam.ts';
import { activeSelection, toggleRunner } from './selection.ts';
import { emptyPlaces, hasPicks, legRacesOf, slipOnSale, slipTypes, toggleAll, type PlacePicks } from './slip.ts';
import { RaceNoticeBanner, RunnerList } from './RunnerList.tsx';
import { RaceTabs } from './RaceTabs.tsx';
import { ScheduleButton } from './ScheduleButton.tsx';
import { StreamArea } from './StreamArea.tsx';
import { RaceClockBand } from './clock/RaceClock.tsx';
import { useAfterFirstPaint } from './useAfterFirstPaint.ts';
import { useWideScreen } from './useWideScreen.ts';
import { useLatest } from './useLatest.ts';
import { PoolsPanel } from './pools/PoolsPanel.tsx';
import { MyTickets } from './tickets/MyTickets.tsx';

interface Picks {
  raceId: number;
  typeCode: string;
  places: PlacePicks;
}

type PendingChange = { kind: 'race'; raceId: number } | { kind: 'type'; code: string };

/**
 * A race day on screen: stream, name and arena with Result and Schedule, race number tabs and the open
 * race's runners. Until the player opens a race (or picks a runner) the screen follows the race in
 * play; picks belong to one race and bet type, and changing either asks before dropping them. Then the
 * open type's bet slip: a bar over a phone's bottom nav; from 1024 px the three read as columns (stream
 * and race info, runners, slip). The stream can be hidden, remembered on the device. On a phone the
 * first screen shows the open race's clock and first runners (live.css), the odds and pools panel
 * coming after the runners. Drawn again only when the card changed (not for the connection's state or
 * the announcer's news), and then only the parts whose race or runners changed.
 */
export const RaceDayView = memo(function RaceDayView({ info }: { info: RaceInfoResponse }) {
  const { t } = useTranslation();
  const baseId = useId();
  const { event, races } = info;
  // A link may name the race to show (/live?event=<id>&race=<raceId>, the Followed page's Bet links).
  const [chosenId, setChosenId] = useState<number | null>(() =>
    eventIdOf(new URLSearchParams(window.location.search).get('race')),
  );
  const [typeCode, setTypeCode] = useState('W');
  const [picks, setPicks] = useState<Picks | null>(null);
  const [activePlace, setActivePlace] = useState(0);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const lt = useLayoutT();
  const streamId = useId();
  const [streamHidden, setStreamHidden] = useState(() => readStreamHidden(browserStorage()));
  // The slip, the pools panel (folded) and the open tickets render in a task after the first paint (a
  // shorter first render).
  const painted = useAfterFirstPaint();
  const wide = useWideScreen();

  function hideStream(hidden: boolean) {
    setStreamHidden(hidden);
    writeStreamHidden(browserStorage(), hidden);
  }

  const race = races.find((r) => r.raceId === chosenId) ?? defaultRace(races);
  const types = race ? slipTypes(race, races) : [];
  const type = types.find((candidate) => candidate.code === typeCode) ?? types[0];
  const legs = race && type ? (legRacesOf(type, race, races) ?? []) : [];
  const places: PlacePicks =
    race && type && picks?.raceId === race.raceId && picks.typeCode === type.code
      ? picks.places
      : type
        ? emptyPlaces(type)
        : [];
  const place = Math.min(activePlace, Math.max(places.length - 1, 0));
  const legRace = legs[place] ?? race;
  const onSale = type ? slipOnSale(type, legs) : false;
  const picked = hasPicks(
    places,
    legs.map((leg) => leg.runners),
  );
  const selected = legRace ? activeSelection(places[place] ?? new Set(), legRace.runners) : new Set<string>();
  const tabId = useCallback((raceId: number) => `${baseId}-race-${raceId}`, [baseId]);
  const panelId = `${baseId}-panel`;

  function requestRace(raceId: number) {
    if (!race || raceId === race.raceId) return;
    if (picked) setPending({ kind: 'race', raceId });
    else setChosenId(raceId);
  }

  function requestType(code: string) {
    if (!type || code === type.code) return;
    if (picked) setPending({ kind: 'type', code });
    else changeType(code);
  }

  function changeType(code: string) {
    setTypeCode(code);
    setActivePlace(0);
  }

  function confirmChange() {
    setPicks(null);
    setActivePlace(0);
    if (pending?.kind === 'race') setChosenId(pending.raceId);
    if (pending?.kind === 'type') changeType(pending.code);
    setPending(null);
  }

  function setPlace(index: number, next: ReadonlySet<string>) {
    if (!race || !type) return;
    setChosenId(race.raceId);
    setPicks({
      raceId: race.raceId,
      typeCode: type.code,
      places: places.map((current, i) => (i === index ? next : current)),
    });
  }

  function toggle(runnerNo: string) {
    if (!legRace) return;
    setPlace(place, toggleRunner(selected, legRace.runners, runnerNo));
  }

  function all(index: number) {
    const runners = legs[index]?.runners ?? [];
    setPlace(index, toggleAll(activeSelection(places[index] ?? new Set(), runners), runners));
  }

  // Stable handlers for the memoised tabs: they call the latest requestRace and requestType.
  const selectRace = useLatest(requestRace);
  const selectType = useLatest(requestType);

  return (
    <div className="race-day" data-testid="race-day" data-event-id={event.id}>
      <div className="race-day__info">
        <div className="race-day__titles">
          <h2 className="race-day__name" data-testid="event-name">
            {event.name}
          </h2>
          <p className="race-day__arena">{event.arena}</p>
        </div>
        <div className="stream-box" data-hidden={streamHidden || undefined}>
          <button
            type="button"
            className="stream-box__toggle"
            aria-expanded={!streamHidden}
            aria-controls={streamId}
            data-testid="stream-toggle"
            onClick={() => hideStream(!streamHidden)}
          >
            {streamHidden ? lt('stream.show') : lt('stream.hide')}
          </button>
          <div id={streamId} className="stream-box__body">
            {streamHidden ? null : <StreamArea event={event} />}
          </div>
        </div>
        <header className="race-day__head">
          <div className="race-day__links">
            <Link
              to={race ? `/result?event=${event.id}&raceId=${race.raceId}` : '/result'}
              className="btn btn--ghost btn--sm"
            >
              {t('live.result')}
            </Link>
            <ScheduleButton />
            {type ? <HowToBet type={type} /> : null}
          </div>
        </header>

        {race ? (
          <RaceTabs races={races} selectedId={race.raceId} onSelect={selectRace} idOf={tabId} panelId={panelId} />
        ) : null}
        {race && wide && painted ? <PoolsPanel race={race} /> : null}
      </div>

      {race ? (
        <>
          <section
            role="tabpanel"
            id={panelId}
            aria-labelledby={tabId(race.raceId)}
            tabIndex={0}
            className="race-panel"
            data-testid="race-panel"
            data-status={race.status}
          >
            <RaceClockBand race={race} />
            {type ? <BetTypeTabs types={types} selected={type.code} onSelect={selectType} /> : null}
            {type && type.raceType !== 'single' ? (
              <>
                <LegTabs legs={legs} selected={place} onSelect={setActivePlace} />
                {legRace ? <LegResultBanner race={legRace} /> : null}
              </>
            ) : null}
            <RaceNoticeBanner
              race={legRace ?? race}
              onSale={onSale}
              clocked={(legRace ?? race).raceId === race.raceId}
            />
            <RunnerList
              formGuide
              race={legRace ?? race}
              onSale={onSale}
              selected={selected}
              onToggle={toggle}
              builder={
                type
                  ? {
                      type,
                      legs,
                      places,
                      activePlace: place,
                      onChange: (next) => {
                        setChosenId(race.raceId);
                        setPicks({ raceId: race.raceId, typeCode: type.code, places: next });
                      },
                    }
                  : undefined
              }
            />
          </section>
          {/* On a phone the odds and pools come after the runners, which come first on the screen. */}
          {wide || !painted ? null : <PoolsPanel race={race} />}
          {type ? (
            <div className="race-day__slip">
              {painted ? (
                <BetSlip
                  key={type.code}
                  eventId={event.id}
                  legs={legs}
                  type={type}
                  places={places}
                  activePlace={place}
                  onActivate={setActivePlace}
                  onAll={all}
                  onPlaced={() => {
                    setPicks(null);
                    setActivePlace(0);
                  }}
                  onRepeat={(next) => {
                    setChosenId(race.raceId);
                    setPicks({ raceId: race.raceId, typeCode: type.code, places: next });
                  }}
                />
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <p className="live-empty__text">{t('live.empty')}</p>
      )}
      {painted ? <MyTickets eventId={event.id} races={races} /> : null}

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'type' ? t('live.changeTypeTitle') : t('live.changeRaceTitle')}
        closeLabel={t('common.close')}
        alert
        testId="change-race-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('live.cancel')}
            </Button>
            <Button variant="primary" onClick={confirmChange} data-autofocus>
              {t('live.ok')}
            </Button>
          </>
        }
      >
        <p className="alert-dialog__text">{pending?.kind === 'type' ? t('live.changeType') : t('live.changeRace')}</p>
      </Dialog>
    </div>
  );
});

/**
 * A leg of a multi-race ticket that has run shows its winner above its runners (docs/product/screens.md#race-display).
 */
function LegResultBanner({ race }: { race: Race }) {
  const { t } = useTranslation();
  const winners = winnersOf(race);
  if (winners.length === 0) return null;
  return (
    <p className="leg-result" data-testid="leg-result">
      {t('legResult.winner', { raceNo: race.raceNo, runners: winners.join(', ') })}
    </p>
  );
}
