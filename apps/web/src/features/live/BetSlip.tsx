import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetMessages,
  centavos,
  defaultAmountOf,
  formatPeso,
  StatusCode,
  type BetReceipt,
  type BetTypeDefinition,
  type PlaceBetInput,
  type Race,
} from '@karera/shared';
import { Button, ButtonLink, Dialog, Switch } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import { playerState, sessionStore, toggleUseBonus, usePlayerState, useSession } from '../../lib/session/index.ts';
import { useBalanceRefresh } from '../../lib/useBalanceRefresh.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { isSessionInvalid } from '../../lib/userApi.ts';
import { placeBet } from './betApi.ts';
import {
  allPicked,
  amountInput,
  pesosOf,
  refusalOf,
  selectionsOf,
  slipOnSale,
  slipSignature,
  summarize,
  type PlacePicks,
  type Refusal,
} from './slip.ts';

interface BetSlipProps {
  eventId: number;
  /** The race of each place (the open race throughout for a single-race type) or of each leg. */
  legs: readonly Race[];
  type: BetTypeDefinition;
  places: PlacePicks;
  activePlace: number;
  onActivate: (place: number) => void;
  onAll: (place: number) => void;
  /** The receipt was confirmed: the picks go. */
  onPlaced: () => void;
}

const PLACE_KEYS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

/**
 * The bet slip of a single-race type (spec §2 Live screen, §4 Bet submit): a pick row per place (the
 * runner list picks for the active one), the amount, combinations and cost, the balances and Submit Bet.
 * Refusals the slip can see itself show before any call; the server's answers after.
 */
export function BetSlip({ eventId, legs, type, places, activePlace, onActivate, onAll, onPlaced }: BetSlipProps) {
  const { t } = useTranslation();
  const amountId = useId();
  const session = useSession();
  const { useBonus } = usePlayerState();
  const refreshBalance = useBalanceRefresh();
  const defaultPesos = String(defaultAmountOf(type) / 100);
  const [amount, setAmount] = useState(defaultPesos);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The receipt, and whether the bet was sent with use-bonus on (the server then spends bonus first). */
  const [receipt, setReceipt] = useState<(BetReceipt & { usedBonus: boolean }) | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const firstRace = legs[0];
  const selections = selectionsOf(
    places,
    legs.map((leg) => leg.runners),
  );
  const pesos = pesosOf(amount);
  const { combinations, total } = summarize(type, selections, pesos);
  const bettable = slipOnSale(type, legs);

  const submission = useSubmitOnce<BetReceipt, PlaceBetInput>({
    mutationFn: placeBet,
    onMutate: () => playerState.update({ betting: true }),
    onSettled: () => playerState.update({ betting: false }),
    onSuccess: (answer, sent) => {
      attempt.current = null;
      sessionStore.save({
        creditBalance: centavos(answer.creditBalance),
        bonusBalance: centavos(answer.bonusBalance),
      });
      playerState.update({ useBonus: false });
      setReceipt({ ...answer, usedBonus: sent.useBonus });
    },
    onError: (error) => {
      if (isSessionInvalid(error)) return; // logged out centrally
      if (error instanceof ApiError && error.statusCode === StatusCode.INSUFFICIENT_BALANCE) {
        setRefusal({ message: BetMessages.insufficientBalance, deposit: false });
        return;
      }
      setRefusal({ message: BetMessages.serverError, deposit: false });
      refreshBalance.mutate();
    },
  });

  function submit() {
    if (submission.isPending || total <= 0 || !firstRace) return;
    const refused = refusalOf(
      type,
      selections,
      pesos,
      { credit: session.creditBalance, bonus: session.bonusBalance },
      useBonus,
    );
    if (refused) {
      setRefusal(refused);
      return;
    }
    const body = { raceId: firstRace.raceId, eventId, betType: type.code, selections, amount: pesos * 100, useBonus };
    const signature = slipSignature(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    submission.submit({ ...body, idempotencyKey: attempt.current.key });
  }

  function confirmReceipt() {
    setReceipt(null);
    setAmount(defaultPesos);
    onPlaced();
  }

  function onUseBonus() {
    const decision = toggleUseBonus(useBonus, session.bonusBalance);
    if (decision.kind === 'refused') showAlert(t('messages.noBonusBalance'));
    else playerState.update({ useBonus: decision.useBonus });
  }

  const balance = (value: number | null) => (value === null ? t('common.unknownAmount') : formatPeso(value));

  return (
    <section className="bet-slip" aria-label={t('live.slip.title', { type: type.name })} data-testid="bet-slip">
      <ul className="bet-slip__places">
        {places.map((picks, place) => {
          const leg = legs[place];
          const label =
            type.raceType === 'single'
              ? t(`live.slip.place.${PLACE_KEYS[place] ?? 'first'}`)
              : t('live.slip.leg', { raceNo: leg?.raceNo ?? place + 1 });
          const all = allPicked(picks, leg?.runners ?? []);
          const shown = selections[place] ?? [];
          return (
            <li
              key={place}
              className="bet-slip__place"
              data-testid="slip-place"
              data-active={place === activePlace || undefined}
            >
              <button
                type="button"
                className="bet-slip__place-pick"
                aria-pressed={place === activePlace}
                onClick={() => onActivate(place)}
              >
                <span className="bet-slip__place-label">{label}</span>
                <span className="bet-slip__place-runners" data-testid="slip-place-runners">
                  {shown.length > 0 ? shown.join(', ') : t('live.slip.noPick')}
                </span>
              </button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!bettable}
                onClick={() => onAll(place)}
                aria-label={t(all ? 'live.slip.clearPlace' : 'live.slip.allPlace', { place: label })}
              >
                {all ? t('live.slip.clear') : t('live.slip.all')}
              </Button>
            </li>
          );
        })}
      </ul>

      <div className="bet-slip__amount">
        <label htmlFor={amountId} className="field__label">
          {t('live.slip.amount')}
        </label>
        <input
          id={amountId}
          className="field__input"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={amount}
          data-testid="slip-amount"
          onChange={(event) => setAmount(amountInput(event.target.value))}
        />
      </div>

      <dl className="bet-slip__summary">
        <div>
          <dt>{t('live.slip.combinations')}</dt>
          <dd data-testid="slip-combinations">{combinations}</dd>
        </div>
        <div>
          <dt>{t('live.slip.total')}</dt>
          <dd data-testid="slip-total">{formatPeso(total)}</dd>
        </div>
        <div>
          <dt>{t('live.slip.credit')}</dt>
          <dd data-testid="slip-credit">{balance(session.creditBalance)}</dd>
        </div>
        <div>
          <dt>{t('live.slip.bonus')}</dt>
          <dd className="bet-slip__bonus">
            <span data-testid="slip-bonus">{balance(session.bonusBalance)}</span>
            <Switch
              checked={useBonus}
              label={t('player.useBonusLabel')}
              text={t('player.useBonus')}
              onToggle={onUseBonus}
              testId="slip-use-bonus"
            />
          </dd>
        </div>
      </dl>

      <Button
        variant="primary"
        block
        busy={submission.isPending}
        disabled={total <= 0 || !bettable}
        onClick={submit}
        data-testid="slip-submit"
      >
        {t('live.slip.submit')}
      </Button>

      <Dialog
        open={refusal !== null}
        onClose={() => setRefusal(null)}
        title={t('live.slip.refusedTitle')}
        closeLabel={t('common.close')}
        alert
        testId="bet-refusal-dialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => setRefusal(null)}>
              {t('live.cancel')}
            </Button>
            {refusal?.deposit ? (
              <ButtonLink to="/payment" variant="accent" onClick={() => setRefusal(null)}>
                {t('live.slip.deposit')}
              </ButtonLink>
            ) : null}
            <Button variant="primary" onClick={() => setRefusal(null)} data-autofocus>
              {t('live.ok')}
            </Button>
          </>
        }
      >
        <p className="alert-dialog__text">{refusal?.message}</p>
      </Dialog>

      <Dialog
        open={receipt !== null}
        onClose={confirmReceipt}
        title={t('live.slip.receiptTitle')}
        closeLabel={t('common.close')}
        testId="bet-receipt"
        actions={
          <Button variant="primary" onClick={confirmReceipt} data-autofocus>
            {t('live.ok')}
          </Button>
        }
      >
        {receipt?.usedBonus ? (
          <p className="bet-receipt__tag">
            <span className="badge" data-testid="receipt-bonus-tag">
              {t('betReceipt.useBonusTag')}
            </span>
          </p>
        ) : null}
        {receipt ? (
          <dl className="bet-receipt">
            <div>
              <dt>{t('live.slip.ticketNo')}</dt>
              <dd data-testid="receipt-ticket">{receipt.ticket_no}</dd>
            </div>
            <div>
              <dt>{t('live.slip.betType')}</dt>
              <dd>{receipt.betDetails.type}</dd>
            </div>
            <div>
              <dt>{t('live.slip.picks')}</dt>
              <dd data-testid="receipt-picks">{receipt.betDetails.picks}</dd>
            </div>
            <div>
              <dt>{t('live.slip.amount')}</dt>
              <dd>
                {t('live.slip.amountTimes', {
                  amount: formatPeso(receipt.betDetails.amount),
                  combinations: receipt.betDetails.combinations,
                })}
              </dd>
            </div>
            <div>
              <dt>{t('live.slip.total')}</dt>
              <dd data-testid="receipt-total">{formatPeso(receipt.total_amount)}</dd>
            </div>
            <div>
              <dt>{t('betReceipt.newCredit')}</dt>
              <dd data-testid="receipt-credit">{formatPeso(receipt.creditBalance)}</dd>
            </div>
            <div>
              <dt>{t('betReceipt.newBonus')}</dt>
              <dd data-testid="receipt-bonus">{formatPeso(receipt.bonusBalance)}</dd>
            </div>
          </dl>
        ) : null}
      </Dialog>
    </section>
  );
}
