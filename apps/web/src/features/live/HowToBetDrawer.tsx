import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPeso, MAX_COMBINATIONS, type BetTypeDefinition } from '@karera/shared';
import { Button, Dialog } from '../../components/ui/index.ts';
import { useBetTypeRule } from '../../lib/betTypeRules.ts';
import { betTutorialHref, pickPlanOf } from './howToBet.ts';

/**
 * The How to bet button and its side drawer (docs/product/screens.md#bet-slip): the open bet type's rule, minimum
 * and winning limit from the shared table, the steps of a bet, and links to the bet tutorial and the
 * bet rules. The drawer is the design system's modal dialog (focus trapped, Escape closes, labelled),
 * laid out as a panel from the right edge by live.css.
 */
export const HowToBet = memo(function HowToBet({ type }: { type: BetTypeDefinition }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="how-to-bet__open"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="how-to-bet-open"
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M7.6 7.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.4M10 14.6v.1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        {t('howToBet.open')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t('howToBet.title')}
        closeLabel={t('howToBet.close')}
        testId="how-to-bet-drawer"
        actions={
          <Button variant="secondary" block onClick={close}>
            {t('howToBet.close')}
          </Button>
        }
      >
        {open ? <HowToBetContent type={type} onNavigate={close} /> : null}
      </Dialog>
    </>
  );
});

function HowToBetContent({ type, onNavigate }: { type: BetTypeDefinition; onNavigate: () => void }) {
  const { t } = useTranslation();
  const ruleOf = useBetTypeRule();
  const plan = pickPlanOf(type);
  const minimum = formatPeso(type.minBet);
  const pickStep =
    plan.kind === 'winner'
      ? t('howToBet.pickWinner')
      : plan.kind === 'places'
        ? t('howToBet.pickPlaces', { count: plan.count })
        : plan.kind === 'consecutive'
          ? t('howToBet.pickConsecutive', { count: plan.count })
          : t('howToBet.pickAlternate', { first: plan.first, second: plan.second });
  return (
    <div className="how-to-bet" data-code={type.code}>
      <h3 className="how-to-bet__type">{t('howToBet.typeHeading', { type: type.name, code: type.code })}</h3>
      <dl className="how-to-bet__facts">
        <div>
          <dt>{t('howToBet.rule')}</dt>
          <dd data-testid="how-to-bet-rule">{ruleOf(type)}</dd>
        </div>
        <div>
          <dt>{t('howToBet.minimum')}</dt>
          <dd data-testid="how-to-bet-minimum">{minimum}</dd>
        </div>
        <div>
          <dt>{t('howToBet.winLimit')}</dt>
          <dd data-testid="how-to-bet-win-limit">{formatPeso(type.winLimit)}</dd>
        </div>
      </dl>
      {type.evenAmountOnly ? <p className="how-to-bet__note">{t('howToBet.evenOnly')}</p> : null}

      <h3 className="how-to-bet__heading">{t('howToBet.stepsHeading')}</h3>
      <ol className="how-to-bet__steps">
        <li>{pickStep}</li>
        <li>{t('howToBet.allStep')}</li>
        <li>{t('howToBet.amountStep', { minimum })}</li>
        <li>{t('howToBet.totalStep', { limit: MAX_COMBINATIONS.toLocaleString('en-PH') })}</li>
        <li>{t('howToBet.submitStep')}</li>
      </ol>

      <h3 className="how-to-bet__heading">{t('howToBet.linksHeading')}</h3>
      <ul className="how-to-bet__links">
        <li>
          <Link to={betTutorialHref(type)} onClick={onNavigate}>
            {t('howToBet.tutorial')}
          </Link>
        </li>
        <li>
          <Link to="/tutorial" onClick={onNavigate}>
            {t('howToBet.allTutorials')}
          </Link>
        </li>
        <li>
          <Link to="/betrules" onClick={onNavigate}>
            {t('howToBet.betRules')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
