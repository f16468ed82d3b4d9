import { useId } from 'react';
import { Link } from 'react-router';
import { BET_TYPES } from '@karera/shared';
import { ButtonLink, Page } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { ACTIVE_TOURS, DISABLED_TOURS, TOUR_PATHS } from './tours.ts';
import { useTutorialT } from './tutorialI18n.ts';
import './tutorials.css';

/**
 * The tutorials (/tutorial, docs/product/screens.md#tutorials): the six guided tours, each with Start tour, the bet
 * tour by bet type, and the four tours still to come, shown but not startable (no link, no route).
 */
export function TutorialsPage() {
  const tt = useTutorialT();
  const title = useRouteTitle();
  const activeId = useId();
  const disabledId = useId();
  const typesId = useId();
  return (
    <Page title={title} className="page--narrow tutorials" testId="tutorials-page">
      <p className="tutorials__intro">{tt('list.intro')}</p>

      <section aria-labelledby={activeId}>
        <h2 id={activeId} className="tutorials__heading">
          {tt('list.activeHeading')}
        </h2>
        <ul className="tutorial-list" data-testid="tutorial-list">
          {ACTIVE_TOURS.map((id) => (
            <li key={id} className="card tutorial-card" data-testid="tutorial-active" data-tour-id={id}>
              <h3 className="tutorial-card__name" id={`${activeId}-${id}`}>
                {tt(`names.${id}`)}
              </h3>
              <p className="tutorial-card__summary">{tt(`summaries.${id}`)}</p>
              <ButtonLink
                to={TOUR_PATHS[id]}
                variant="primary"
                size="sm"
                className="tutorial-card__start"
                // The visible label names the action; the tour's name tells the cards' links apart.
                aria-describedby={`${activeId}-${id}`}
              >
                {tt('list.start')}
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className="tutorials__keys">{tt('list.keys')}</p>
      </section>

      <section aria-labelledby={typesId}>
        <h2 id={typesId} className="tutorials__heading">
          {tt('list.betTypesHeading')}
        </h2>
        <p className="tutorials__intro">{tt('list.betTypesIntro')}</p>
        <ul className="tutorial-types">
          {BET_TYPES.map((type) => (
            <li key={type.code}>
              <Link to={`${TOUR_PATHS.bet}?${new URLSearchParams({ type: type.code }).toString()}`}>
                {tt('list.betTypeLink', { type: type.name, code: type.code })}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={disabledId}>
        <h2 id={disabledId} className="tutorials__heading">
          {tt('list.disabledHeading')}
        </h2>
        <ul className="tutorial-list">
          {DISABLED_TOURS.map((id) => (
            <li
              key={id}
              className="card tutorial-card tutorial-card--disabled"
              data-testid="tutorial-disabled"
              data-tour-id={id}
            >
              <h3 className="tutorial-card__name">{tt(`names.${id}`)}</h3>
              <p className="tutorial-card__summary">{tt(`summaries.${id}`)}</p>
              <span className="badge tutorial-card__soon">{tt('list.comingSoon')}</span>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
