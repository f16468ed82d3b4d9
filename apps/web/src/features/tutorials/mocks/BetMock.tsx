import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_TYPES, formatPeso, type BetTypeDefinition } from '@karera/shared';
import { Button, Switch } from '../../../components/ui/index.ts';
import { useTutorialT } from '../tutorialI18n.ts';
import { SAMPLE_BALANCES, SAMPLE_RACE_COUNT, SAMPLE_RUNNERS, SAMPLE_TICKET_NO, sampleSlip } from '../sampleData.ts';
import { MockPopup } from './MockParts.tsx';

const PLACE_KEYS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

/** Race 1 is open for bets; the later races wait for theirs. */
function statusOf(raceNo: number): 'O' | 'A' {
  return raceNo === 1 ? 'O' : 'A';
}

/**
 * The live screen (features/live RaceDayView, RaceTabs, BetTypeTabs, RunnerList, BetSlip) on a sample
 * card: race 1 open, `type` pressed, its sample picks on the slip, and on the last step the Bet Receipt.
 */
export function BetMock({ type, stepId }: { type: BetTypeDefinition; stepId: string }) {
  const { t } = useTranslation();
  const tt = useTutorialT();
  const typesRef = useRef<HTMLDivElement>(null);
  const amountId = useId();
  const slip = sampleSlip(type);
  const single = type.raceType === 'single';
  const picked = new Set((slip.selections[0] ?? []).map(String));

  // The pressed type in view in its scrolling strip (Pick4 and WTA sit past the right edge at 390 px).
  useLayoutEffect(() => {
    const strip = typesRef.current;
    const pressed = strip?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (strip && pressed) strip.scrollLeft = Math.max(0, pressed.offsetLeft - strip.offsetLeft - 16);
  }, [type.code]);

  return (
    <div className="race-day" data-type={type.code}>
      <header className="race-day__head">
        <div className="race-day__titles">
          <h2 className="race-day__name">{tt('sample.eventName')}</h2>
          <p className="race-day__arena">{tt('sample.arena')}</p>
        </div>
        <div className="race-day__links">
          <span className="btn btn--ghost btn--sm">{t('live.result')}</span>
          <Button variant="secondary" size="sm">
            {t('live.schedule')}
          </Button>
        </div>
      </header>

      <div role="tablist" aria-label={t('live.raceTabs')} className="race-tabs" data-tour="raceTabs">
        {Array.from({ length: SAMPLE_RACE_COUNT }, (_, i) => i + 1).map((raceNo) => (
          <button
            key={raceNo}
            type="button"
            role="tab"
            aria-selected={raceNo === 1}
            tabIndex={raceNo === 1 ? 0 : -1}
            className="race-tab"
            data-status={statusOf(raceNo)}
          >
            <span className="visually-hidden">{t('live.race')} </span>
            <span className="race-tab__no">{raceNo}</span>{' '}
            <span className="race-tab__status">
              {statusOf(raceNo) === 'O' ? t('live.status.O') : t('live.status.A')}
            </span>
          </button>
        ))}
      </div>

      <section className="race-panel" aria-label={t('live.runners', { raceNo: 1 })}>
        <div className="bet-types" role="group" aria-label={t('live.betTypes')} ref={typesRef}>
          {BET_TYPES.map((option) => (
            <button
              key={option.code}
              type="button"
              className="bet-types__tab"
              aria-pressed={option.code === type.code}
              data-code={option.code}
              data-tour={option.code === type.code ? 'betType' : undefined}
            >
              {option.name}
            </button>
          ))}
        </div>
        {single ? null : (
          <div className="bet-types bet-types--legs" role="group" aria-label={t('live.slip.legs')} data-tour="legs">
            {slip.raceNumbers.map((raceNo, index) => (
              <button key={raceNo} type="button" className="bet-types__tab" aria-pressed={index === 0}>
                {t('live.slip.leg', { raceNo })}
              </button>
            ))}
          </div>
        )}

        <ul className="runner-list" aria-label={t('live.runners', { raceNo: 1 })} data-tour="runners">
          {SAMPLE_RUNNERS.map((runner) => {
            const isPicked = picked.has(runner.runnerNo);
            return (
              <li
                key={runner.id}
                className="runner"
                data-scratched={runner.status === 'S' || undefined}
                data-picked={isPicked || undefined}
              >
                <span className="runner__no">{runner.runnerNo}</span>
                <span className="runner__names">
                  <span className="runner__horse">{runner.horseName}</span>
                  <span className="runner__jockey">{runner.jockeyName}</span>
                </span>
                {runner.status === 'S' ? null : (
                  <span className="runner__odds">
                    <span className="visually-hidden">{t('live.odds')} </span>
                    {runner.odds}
                  </span>
                )}
                <span className="runner__action">
                  {runner.status === 'S' ? (
                    <span className="runner-mark runner-mark--scratched">{t('live.scratched')}</span>
                  ) : (
                    <button
                      type="button"
                      className="bet-toggle"
                      aria-pressed={isPicked}
                      aria-label={t('live.betOn', { runnerNo: runner.runnerNo, horse: runner.horseName })}
                    >
                      <svg className="bet-toggle__check" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                        <path
                          d="M3 8.5l3 3 7-7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2.2"
                          strokeLinecap="round"
                        />
                      </svg>
                      {t('live.bet')}
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>

        <section className="bet-slip" aria-label={t('live.slip.title', { type: type.name })}>
          <ul className="bet-slip__places" data-tour="places">
            {slip.selections.map((runners, place) => {
              const label = single
                ? t(`live.slip.place.${PLACE_KEYS[place] ?? 'first'}`)
                : t('live.slip.leg', { raceNo: slip.raceNumbers[place] ?? place + 1 });
              return (
                <li key={place} className="bet-slip__place" data-active={place === 0 || undefined}>
                  <button type="button" className="bet-slip__place-pick" aria-pressed={place === 0}>
                    <span className="bet-slip__place-label">{label}</span>
                    <span className="bet-slip__place-runners">{runners.join(', ')}</span>
                  </button>
                  <Button variant="secondary" size="sm" aria-label={t('live.slip.allPlace', { place: label })}>
                    {t('live.slip.all')}
                  </Button>
                </li>
              );
            })}
          </ul>

          <div className="bet-slip__amount" data-tour="amount">
            <label htmlFor={amountId} className="field__label">
              {t('live.slip.amount')}
            </label>
            <input
              id={amountId}
              className="field__input"
              inputMode="numeric"
              readOnly
              value={String(slip.amount / 100)}
            />
          </div>

          <dl className="bet-slip__summary" data-tour="summary">
            <div>
              <dt>{t('live.slip.combinations')}</dt>
              <dd>{slip.combinations}</dd>
            </div>
            <div>
              <dt>{t('live.slip.total')}</dt>
              <dd>{formatPeso(slip.total)}</dd>
            </div>
            <div>
              <dt>{t('live.slip.credit')}</dt>
              <dd>{formatPeso(SAMPLE_BALANCES.credit)}</dd>
            </div>
            <div>
              <dt>{t('live.slip.bonus')}</dt>
              <dd className="bet-slip__bonus" data-tour="useBonus">
                <span>{formatPeso(SAMPLE_BALANCES.bonus)}</span>
                <Switch
                  checked={false}
                  label={t('player.useBonusLabel')}
                  text={t('player.useBonus')}
                  onToggle={() => undefined}
                />
              </dd>
            </div>
          </dl>

          <Button variant="primary" block data-tour="submit">
            {t('live.slip.submit')}
          </Button>
        </section>
      </section>

      {stepId === 'receipt' ? (
        <MockPopup
          title={t('live.slip.receiptTitle')}
          target="receipt"
          actions={<Button variant="primary">{t('live.ok')}</Button>}
        >
          <dl className="bet-receipt">
            <div>
              <dt>{t('live.slip.ticketNo')}</dt>
              <dd>{SAMPLE_TICKET_NO}</dd>
            </div>
            <div>
              <dt>{t('live.slip.betType')}</dt>
              <dd>{type.code}</dd>
            </div>
            <div>
              <dt>{t('live.slip.picks')}</dt>
              <dd>{slip.picks}</dd>
            </div>
            <div>
              <dt>{t('live.slip.amount')}</dt>
              <dd>
                {t('live.slip.amountTimes', { amount: formatPeso(slip.amount), combinations: slip.combinations })}
              </dd>
            </div>
            <div>
              <dt>{t('live.slip.total')}</dt>
              <dd>{formatPeso(slip.total)}</dd>
            </div>
            <div>
              <dt>{t('betReceipt.newCredit')}</dt>
              <dd>{formatPeso(SAMPLE_BALANCES.credit - slip.total)}</dd>
            </div>
            <div>
              <dt>{t('betReceipt.newBonus')}</dt>
              <dd>{formatPeso(SAMPLE_BALANCES.bonus)}</dd>
            </div>
          </dl>
        </MockPopup>
      ) : null}
    </div>
  );
}
