import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_TYPES, formatPeso } from '@karera/shared';
import { Page, Tabs } from '../../components/ui/index.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { BET_RULES_TEXT } from './content.ts';
import {
  BET_RULES_LANGUAGES,
  betRulesLanguageFor,
  browserStorage,
  readBetRulesChoice,
  rememberBetRulesLanguage,
  type BetRulesLanguage,
} from './language.ts';
import { betTypeHeading, combinationOf, ruleSectionId } from './poolTable.ts';
import './betrules.css';

/**
 * Bet rules (/betrules, docs/product/screens.md#bet-rules): the rules in Tagalog (the default, whatever the site's
 * language) or English once picked here (remembered in this browser), and the pool table of every bet type.
 */
export function BetRulesPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [language, selectLanguage] = useBetRulesLanguage();
  return (
    <Page title={title} className="page--prose betrules" testId="betrules-page">
      <p className="page__lead">{t('betRules.lead')}</p>
      <Tabs
        label={t('betRules.language')}
        selected={language}
        onSelect={selectLanguage}
        items={BET_RULES_LANGUAGES.map((id) => ({
          id,
          label: t(`betRules.languages.${id}`),
          panel: <RulesText language={id} />,
        }))}
      />
      <PoolTable />
    </Page>
  );
}

function useBetRulesLanguage(): [BetRulesLanguage, (language: BetRulesLanguage) => void] {
  const [choice, setChoice] = useState(() => readBetRulesChoice(browserStorage()));
  const select = useCallback((next: BetRulesLanguage) => {
    setChoice(next);
    rememberBetRulesLanguage(browserStorage(), next);
  }, []);
  return [betRulesLanguageFor(choice), select];
}

/** The rules in one language; `lang` tells screen readers how to pronounce them. */
function RulesText({ language }: { language: BetRulesLanguage }) {
  const text = BET_RULES_TEXT[language];
  return (
    <div lang={language} className="betrules__text" data-testid="betrules-text">
      <section className="betrules__section">
        <h2>{text.generalHeading}</h2>
        <ul className="betrules__general">
          {text.general.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <section className="betrules__section">
        <h2>{text.betTypesHeading}</h2>
        <p>{text.betTypesIntro}</p>
        {BET_TYPES.map((type) => {
          const rules = text.betTypes[type.code];
          return (
            <section key={type.code} id={ruleSectionId(type.code)} className="betrules__type">
              <h3>{betTypeHeading(type)}</h3>
              <p>{rules.summary}</p>
              <p>{rules.howItWins}</p>
              <p className="betrules__example">
                <strong>{text.exampleLabel}:</strong> {rules.example}
              </p>
            </section>
          );
        })}
      </section>
      <section className="betrules__section" data-testid="betrules-no-winner">
        <h2>{text.noWinnerHeading}</h2>
        <ul className="betrules__general">
          {text.noWinner.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Minimum bet, winning limit and what is picked, per bet type; scrolls sideways on a phone. */
function PoolTable() {
  const { t } = useTranslation();
  const headingId = useId();
  const captionId = useId();
  return (
    <section className="betrules__section betrules__pool" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('betRules.poolTable')}</h2>
      {/* Focusable so keyboard users can scroll it when it is wider than the screen. */}
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="table" data-testid="pool-table">
          <caption id={captionId}>
            {/* Sticky, so the caption stays in view and wraps to the screen while the table scrolls. */}
            <span className="betrules__caption">{t('betRules.poolTableCaption')}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('betRules.poolType')}</th>
              <th scope="col">{t('betRules.code')}</th>
              <th scope="col" className="num">
                {t('betRules.minimumBet')}
              </th>
              <th scope="col" className="num">
                {t('betRules.winningLimit')}
              </th>
              <th scope="col">{t('betRules.combination')}</th>
            </tr>
          </thead>
          <tbody>
            {BET_TYPES.map((type) => {
              const picks = combinationOf(type);
              return (
                <tr key={type.code}>
                  <th scope="row">{type.name}</th>
                  <td>{type.code}</td>
                  <td className="num">{formatPeso(type.minBet)}</td>
                  <td className="num">{formatPeso(type.winLimit)}</td>
                  <td className="betrules__picks">{t(`betRules.picks.${picks.key}`, picks)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
