import { useTranslation } from 'react-i18next';
import type { Race } from '@karera/shared';
import { useClockT } from './clockI18n.ts';
import { hasClock, raceClockOf } from './raceClock.ts';
import { useNow } from './useNow.ts';
import './raceClock.css';

/**
 * The open race's post time and a live countdown to it, at the top of its panel (docs/product/screens.md#race-display):
 * an Open race counts down calmly; at Last call the band turns amber, leads with the blinking Last call
 * notice, and the countdown blinks too (not for players who ask for less motion). Races not on sale show
 * their own notices instead.
 */
export function RaceClockBand({ race }: { race: Race }) {
  const { t } = useTranslation();
  const ct = useClockT();
  const now = useNow(hasClock(race));
  const clock = raceClockOf(race, now);
  if (!clock) return null;
  return (
    <div
      className="race-clock"
      role="group"
      aria-label={ct('label', { raceNo: race.raceNo })}
      data-testid="race-clock"
      data-last-call={clock.lastCall || undefined}
    >
      {clock.lastCall ? (
        // The race's last call notice: it takes the band's lead instead of a row of its own.
        <span className="race-clock__race race-clock__last-call blink" data-testid="race-notice">
          {t('live.lastCall')}
        </span>
      ) : (
        <span className="race-clock__race">
          {t('live.race')} {race.raceNo}
        </span>
      )}
      <span className="race-clock__post" data-testid="race-post-time">
        {ct('post', { time: clock.postTime })}
      </span>
      <span className="race-clock__left">
        {clock.due ? (
          <span className="race-clock__due">{ct('due')}</span>
        ) : (
          <>
            <span className="race-clock__label">{ct('startsIn')}</span>{' '}
            <span
              role="timer"
              className={clock.lastCall ? 'race-clock__countdown blink' : 'race-clock__countdown'}
              data-testid="race-countdown"
            >
              {clock.countdown}
            </span>
          </>
        )}
      </span>
    </div>
  );
}
