import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RaceInfoResponse } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { defaultRace } from './raceState.ts';
import { activeSelection, toggleRunner } from './selection.ts';
import { RaceNoticeBanner, RunnerList } from './RunnerList.tsx';
import { RaceTabs } from './RaceTabs.tsx';
import { ScheduleButton } from './ScheduleButton.tsx';
import { StreamArea } from './StreamArea.tsx';

interface Picks {
  raceId: number;
  runnerNos: ReadonlySet<string>;
}

const NO_PICKS: ReadonlySet<string> = new Set();

/**
 * A race day on screen: stream, name and arena with Result and Schedule, race number tabs and the open
 * race's runners. Until the player opens a race (or picks a runner) the screen follows the race in
 * play; picks belong to one race and changing race asks before dropping them.
 */
export function RaceDayView({ info }: { info: RaceInfoResponse }) {
  const { t } = useTranslation();
  const baseId = useId();
  const { event, races } = info;
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [picks, setPicks] = useState<Picks | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);

  const race = races.find((r) => r.raceId === chosenId) ?? defaultRace(races);
  const selected = race && picks?.raceId === race.raceId ? activeSelection(picks.runnerNos, race.runners) : NO_PICKS;
  const tabId = (raceId: number) => `${baseId}-race-${raceId}`;
  const panelId = `${baseId}-panel`;

  function requestRace(raceId: number) {
    if (!race || raceId === race.raceId) return;
    if (selected.size > 0) setPendingId(raceId);
    else setChosenId(raceId);
  }

  function confirmChange() {
    setPicks(null);
    setChosenId(pendingId);
    setPendingId(null);
  }

  function toggle(runnerNo: string) {
    if (!race) return;
    setChosenId(race.raceId);
    setPicks({ raceId: race.raceId, runnerNos: toggleRunner(selected, race.runners, runnerNo) });
  }

  return (
    <div className="race-day" data-testid="race-day" data-event-id={event.id}>
      <StreamArea event={event} />
      <header className="race-day__head">
        <div className="race-day__titles">
          <h2 className="race-day__name" data-testid="event-name">
            {event.name}
          </h2>
          <p className="race-day__arena">{event.arena}</p>
        </div>
        <div className="race-day__links">
          <Link to="/result" className="btn btn--ghost btn--sm">
            {t('live.result')}
          </Link>
          <ScheduleButton />
        </div>
      </header>

      {race ? (
        <>
          <RaceTabs races={races} selectedId={race.raceId} onSelect={requestRace} idOf={tabId} panelId={panelId} />
          <section
            role="tabpanel"
            id={panelId}
            aria-labelledby={tabId(race.raceId)}
            tabIndex={0}
            className="race-panel"
            data-testid="race-panel"
            data-status={race.status}
          >
            <RaceNoticeBanner race={race} />
            <RunnerList race={race} selected={selected} onToggle={toggle} />
          </section>
        </>
      ) : (
        <p className="live-empty__text">{t('live.empty')}</p>
      )}

      <Dialog
        open={pendingId !== null}
        onClose={() => setPendingId(null)}
        title={t('live.changeRaceTitle')}
        closeLabel={t('common.close')}
        alert
        testId="change-race-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setPendingId(null)}>
              {t('live.cancel')}
            </Button>
            <Button variant="primary" onClick={confirmChange} data-autofocus>
              {t('live.ok')}
            </Button>
          </>
        }
      >
        <p className="alert-dialog__text">{t('live.changeRace')}</p>
      </Dialog>
    </div>
  );
}
