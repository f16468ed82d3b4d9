import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { BetTypeDefinition } from '@karera/shared';
import { Page } from '../../components/ui/index.ts';
import { useBetTypeRule } from '../../lib/betTypeRules.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { TourMock } from './mocks/TourMock.tsx';
import { sampleBetType } from './sampleData.ts';
import { Tour } from './Tour.tsx';
import { startTour, tourReducer, type TourAction } from './tourState.ts';
import { tourOfPath, tourSteps, TUTORIAL_LIST_PATH, type TourId } from './tours.ts';
import { useTutorialT } from './tutorialI18n.ts';
import './tutorials.css';

/**
 * A guided tour (/tutorial-changepassword, -bet, -deposit, -withdraw, -promo, -rebate;
 * docs/product/screens.md#tutorials) over a mock of its screen with sample data. The mock is inert: nothing on it can
 * be focused, typed into or sent. /tutorial-bet?type=<code> starts the bet tour on that bet type.
 */
export function TutorialTourPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const tour = tourOfPath(pathname) ?? 'bet';
  const betType = sampleBetType(params.get('type'));
  // A new tour or bet type starts over at its first step.
  return <TourScreen key={`${tour}:${betType.code}`} tour={tour} betType={betType} />;
}

function TourScreen({ tour, betType }: { tour: TourId; betType: BetTypeDefinition }) {
  const tt = useTutorialT();
  const ruleOf = useBetTypeRule();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const mockRef = useRef<HTMLDivElement>(null);
  const steps = useMemo(() => tourSteps(tour, betType), [tour, betType]);
  const [state, dispatch] = useReducer(tourReducer, steps.length, startTour);
  const onAction = useCallback((action: TourAction) => dispatch(action), []);

  // Skip tour, Finish and Escape all return to the list.
  useEffect(() => {
    if (state.ended) void navigate(TUTORIAL_LIST_PATH);
  }, [state.ended, navigate]);

  const step = steps[state.index] ?? steps[0];
  const views = useMemo(
    () =>
      steps.map((s) => ({
        id: s.id,
        target: s.target,
        title: tt(s.title, s.values),
        // The bet type's rule in the site's language, not the shared English.
        body: tt(s.body, s.values?.rule === undefined ? s.values : { ...s.values, rule: ruleOf(betType) }),
      })),
    [steps, tt, ruleOf, betType],
  );
  return (
    <>
      <Page title={title} testId="tutorial-tour-page" className="tutorial-tour">
        <p className="tutorial-tour__sample">{tt('tour.sample')}</p>
        <p className="tutorial-tour__keys">{tt('tour.keys')}</p>
        <div ref={mockRef} className="tour-mock" inert data-testid="tour-mock" data-tour-id={tour}>
          <TourMock tour={tour} stepId={step?.id ?? ''} betType={betType} />
        </div>
      </Page>
      {/* After the Page, so its focus effect (the page's main on navigation) runs before the tour's. */}
      <Tour
        steps={views}
        index={state.index}
        root={mockRef}
        onAction={onAction}
        labels={{
          stepOf: tt('tour.stepOf', { current: state.index + 1, total: steps.length }),
          highlighted: tt('tour.highlighted'),
          skip: tt('tour.skip'),
          previous: tt('tour.previous'),
          next: tt('tour.next'),
          finish: tt('tour.finish'),
        }}
      />
    </>
  );
}
