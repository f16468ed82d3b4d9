import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatManilaDateTime, formatPeso } from '@karera/shared';
import { Button, TextField } from '../../../components/ui/index.ts';
import { useTutorialT } from '../tutorialI18n.ts';
import { SAMPLE_BALANCES, SAMPLE_TICKET_NO, sampleRebate } from '../sampleData.ts';
import { MockPopup, MockTabs } from './MockParts.tsx';

/*
 * The promo page (features/promo ActivePromoStrip, PromoTabs, PromoCards, ClaimDialogs) with sample
 * promos, and for the rebate tour the Race Bet tab of Transaction History (features/history) with two
 * sample tickets: one from credit that earned the rebate, one from bonus that earned none.
 */

const WELCOME_REWARD = 10_000;
const VALIDITY_DAYS = 7;

type ButtonState = 'claim' | 'hasActive' | 'claimed';

interface SamplePromo {
  code: string;
  name: string;
  description: string;
  reward: string;
  state: ButtonState;
  /** data-tour names of the card and of its button, when a step highlights them. */
  target?: string;
  buttonTarget?: string;
}

function ActiveStrip({ active }: { active: { name: string; description: string; until: string } | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className={`promo-active${active ? ' promo-active--on' : ''}`}
      aria-labelledby={headingId}
      data-tour="active"
    >
      <h2 id={headingId} className="promo-active__title">
        {active ? t('promo.activeTitle') : t('promo.noActive')}
      </h2>
      {active ? (
        <div className="promo-active__body">
          <p className="promo-active__name">{active.name}</p>
          <p className="promo-active__until">{t('promo.until', { date: active.until })}</p>
          <p className="promo-active__description">{active.description}</p>
        </div>
      ) : null}
    </section>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="promo-card__field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PromoCard({ promo }: { promo: SamplePromo }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <article className="card promo-card" aria-labelledby={headingId} data-tour={promo.target}>
      <div className="promo-card__head">
        <h3 className="promo-card__name" id={headingId}>
          {promo.name}
        </h3>
        <span className="badge promo-card__code">{t('promo.codeBadge', { code: promo.code })}</span>
      </div>
      <p className="promo-card__description">{promo.description}</p>
      <dl className="promo-card__fields">
        <Field label={t('promo.fields.reward')} value={promo.reward} />
        <Field label={t('promo.fields.creditTo')} value={t('promo.creditTo.BONUS')} />
        <Field label={t('promo.fields.remaining')} value={t('promo.unlimited')} />
        <Field label={t('promo.fields.unused')} value={promo.state === 'claimed' ? '0' : '1'} />
        <Field label={t('promo.fields.dailyDeposit')} value={formatPeso(0)} />
        <Field label={t('promo.fields.accountAge')} value={t('promo.none')} />
        <Field label={t('promo.fields.duration')} value={t('promo.days', { count: VALIDITY_DAYS })} />
      </dl>
      <Button
        variant={promo.state === 'claim' ? 'accent' : 'secondary'}
        block
        disabled={promo.state !== 'claim'}
        aria-describedby={headingId}
        data-tour={promo.buttonTarget}
      >
        {t(`promo.button.${promo.state}`)}
      </Button>
    </article>
  );
}

function PromoScreen({
  children,
  active,
}: {
  children: ReactNode;
  active: Parameters<typeof ActiveStrip>[0]['active'];
}) {
  const { t } = useTranslation();
  return (
    <>
      <ActiveStrip active={active} />
      <MockTabs
        label={t('promo.tabsLabel')}
        selected="available"
        tabs={[
          { id: 'available', label: t('promo.available') },
          { id: 'history', label: t('promo.history') },
        ]}
      >
        {children}
      </MockTabs>
    </>
  );
}

/** A sample expiry a week from now, as the strip and the success popup show it. */
function sampleUntil(): string {
  return formatManilaDateTime(new Date(Date.now() + VALIDITY_DAYS * 24 * 3_600_000).toISOString());
}

const PROMO_STEPS_AFTER_CLAIM = new Set(['success', 'after']);

export function PromoMock({ stepId }: { stepId: string }) {
  const { t } = useTranslation();
  const tt = useTutorialT();
  const claimed = PROMO_STEPS_AFTER_CLAIM.has(stepId);
  const welcome = { name: tt('sample.welcomeName'), description: tt('sample.welcomeDescription') };
  const until = sampleUntil();
  const rebate = sampleRebate();
  return (
    <PromoScreen active={stepId === 'after' ? { ...welcome, until } : null}>
      <div className="promo-tab">
        <div className="promo-code" data-tour="code">
          <TextField
            label={t('promo.code.label')}
            hint={t('promo.code.hint')}
            autoCapitalize="characters"
            readOnly
            value=""
          />
          <Button variant="primary">{t('promo.code.submit')}</Button>
        </div>
        <ul className="promo-list" aria-label={t('promo.listLabel')}>
          <li>
            <PromoCard
              promo={{
                code: 'WELCOME',
                ...welcome,
                reward: t('promo.reward.fixed', { amount: formatPeso(WELCOME_REWARD) }),
                state: claimed ? 'claimed' : 'claim',
                target: 'card',
                buttonTarget: 'claim',
              }}
            />
            {stepId === 'confirm' ? (
              <MockPopup
                sheet
                title={t('promo.confirm.title')}
                target="confirm"
                actions={
                  <>
                    <Button variant="secondary">{t('promo.confirm.cancel')}</Button>
                    <Button variant="accent">{t('promo.confirm.claim')}</Button>
                  </>
                }
              >
                <p className="promo-sheet__name">{welcome.name}</p>
                <p className="promo-sheet__description">{welcome.description}</p>
                <dl className="promo-card__fields">
                  <Field label={t('promo.fields.creditTo')} value={t('promo.creditTo.BONUS')} />
                  <Field label={t('promo.fields.duration')} value={t('promo.days', { count: VALIDITY_DAYS })} />
                </dl>
              </MockPopup>
            ) : null}
            {stepId === 'success' ? (
              <MockPopup
                title={t('promo.successTitle')}
                target="success"
                actions={
                  <Button variant="primary" block>
                    {t('promo.ok')}
                  </Button>
                }
              >
                <p className="alert-dialog__text">{t('promo.success')}</p>
                <dl className="promo-card__fields">
                  <Field label={t('promo.fields.name')} value={welcome.name} />
                  <Field label={t('promo.newBonus')} value={formatPeso(SAMPLE_BALANCES.bonus + WELCOME_REWARD)} />
                  <Field label={t('promo.newCredit')} value={formatPeso(SAMPLE_BALANCES.credit)} />
                  <Field label={t('promo.validUntil')} value={until} />
                </dl>
              </MockPopup>
            ) : null}
          </li>
          <li>
            <PromoCard
              promo={{
                code: 'REBATE5',
                name: tt('sample.rebateName'),
                description: tt('sample.rebateDescription'),
                reward: t('promo.reward.rebate', { percent: rebate.percent }),
                state: stepId === 'after' ? 'hasActive' : 'claim',
              }}
            />
          </li>
        </ul>
      </div>
    </PromoScreen>
  );
}

const REBATE_STEPS_BEFORE_CLAIM = new Set(['card', 'claim']);

function SampleTicket({
  ticketNo,
  stake,
  bonusUsed,
  earned,
  target,
  earnedTarget,
}: {
  ticketNo: string;
  stake: number;
  bonusUsed: boolean;
  earned: number;
  target: string;
  earnedTarget?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <article className="card bet-ticket" aria-labelledby={headingId} data-tour={target}>
      <header className="bet-ticket__head">
        <h3 className="bet-ticket__number" id={headingId}>
          {t('history.bet.ticket', { ticketNo })}
        </h3>
        <div className="bet-ticket__tags">
          {bonusUsed ? <span className="badge bet-ticket__bonus">{t('history.bet.bonusTag')}</span> : null}
          <span className="badge bet-ticket__status bet-ticket__status--lose">{t('history.bet.lose')}</span>
        </div>
      </header>
      <section className="bet-ticket__bet">
        <h4 className="bet-ticket__type">{t('history.bet.race', { type: 'Win', races: '1' })}</h4>
        <dl className="bet-ticket__amounts">
          <div>
            <dt>{t('history.bet.amountTimesCount')}</dt>
            <dd>{`${formatPeso(stake)} x 1`}</dd>
          </div>
        </dl>
        <table className="bet-ticket__picks">
          <caption className="visually-hidden">{t('history.bet.picks')}</caption>
          <tbody>
            <tr>
              <th scope="row">{t('history.bet.places.1')}</th>
              <td>3</td>
            </tr>
          </tbody>
        </table>
      </section>
      <dl className="bet-ticket__amounts bet-ticket__totals">
        <div>
          <dt>{t('history.bet.total')}</dt>
          <dd>{formatPeso(stake)}</dd>
        </div>
        {earned > 0 ? (
          <div data-tour={earnedTarget}>
            <dt>{t('history.bet.bonusEarned')}</dt>
            <dd>{formatPeso(earned)}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

export function RebateMock({ stepId }: { stepId: string }) {
  const { t } = useTranslation();
  const tt = useTutorialT();
  const rebate = sampleRebate();
  const claimed = !REBATE_STEPS_BEFORE_CLAIM.has(stepId);
  const promo = { name: tt('sample.rebateName'), description: tt('sample.rebateDescription') };
  return (
    <>
      <PromoScreen active={claimed ? { ...promo, until: sampleUntil() } : null}>
        <ul className="promo-list" aria-label={t('promo.listLabel')}>
          <li>
            <PromoCard
              promo={{
                code: 'REBATE5',
                ...promo,
                reward: t('promo.reward.rebate', { percent: rebate.percent }),
                state: claimed ? 'claimed' : 'claim',
                target: 'card',
                buttonTarget: 'claim',
              }}
            />
          </li>
        </ul>
      </PromoScreen>

      <h2 className="tour-mock__section">{t('history.bet.listLabel')}</h2>
      <ul className="bet-history" aria-label={t('history.bet.listLabel')}>
        <li>
          <SampleTicket
            ticketNo={SAMPLE_TICKET_NO}
            stake={rebate.stake}
            bonusUsed={false}
            earned={rebate.earned}
            target="bet"
            earnedTarget="earned"
          />
        </li>
        <li>
          <SampleTicket
            ticketNo="SAMPLE-0002"
            stake={rebate.stake}
            bonusUsed
            earned={rebate.earnedOnBonus}
            target="bonusBet"
          />
        </li>
      </ul>

      <dl className="bet-slip__summary tour-mock__balances" data-tour="balance">
        <div>
          <dt>{t('live.slip.credit')}</dt>
          <dd>{formatPeso(SAMPLE_BALANCES.credit - rebate.stake)}</dd>
        </div>
        <div>
          <dt>{t('live.slip.bonus')}</dt>
          <dd>{formatPeso(SAMPLE_BALANCES.bonus - rebate.stake + rebate.earned)}</dd>
        </div>
      </dl>
    </>
  );
}
