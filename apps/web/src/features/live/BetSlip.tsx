import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BET_WORDS,
  betTypeName,
  defaultAmountOf,
  formatManilaDateTime,
  formatPeso,
  raceWords,
  type BetReceipt,
  type BetTypeDefinition,
  type PlaceBetInput,
  type Race,
} from '@karera/shared';
import { Button, ButtonLink, Dialog, Switch } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import { useMessageText } from '../../lib/messages.ts';
import { playerState, usePlayerState, useSession } from '../../lib/session/index.ts';
import { balanceStore, useBalance, bonusSwitchDecision } from '../../lib/balance.ts';
import { useBalanceRefresh, useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { isSessionInvalid } from '../../lib/userApi.ts';
import { rgStatusKey } from '../../lib/rgStatus.ts';
import { endPushOffer, offerPushNotifications } from '../../lib/push/pushOffer.ts';
import { preloadPushPrompt, PushOfferSlot } from '../../components/push/PushOfferSlot.tsx';
import { BAKAS_CREATE_PATH, saveBakasDraft } from '../../lib/bakasDraft.ts';
import { browserStorage } from './announcement.ts';
import { placeBet } from './betApi.ts';
import { receiptTaxLineOf } from './receiptTax.ts';
import { readFavourites, readLastBet, rememberLastBet, toggleFavourite, writeFavourites } from './deviceMemory.ts';
import { useLayoutT } from './layoutI18n.ts';
import {
  allPicked,
  amountInput,
  barPicksText,
  pesosOf,
  refusalOf,
  repeatPlaces,
  selectionsOf,
  serverRefusalOf,
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
  /** Repeat last bet: these picks replace the slip's (the amount is the slip's own). */
  onRepeat: (places: PlacePicks) => void;
}

const PLACE_KEYS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

/** A favourite stake on its chip: whole pesos, no centavos. */
const pesoText = (pesos: number) => `₱${pesos.toLocaleString('en-PH')}`;

/**
 * The bar's height as --slip-bar-height on the page, so a phone's page ends above the fixed bar (and the
 * announcement sits over it) rather than under it.
 */
function useSlipBarHeight(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = bar.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--slip-bar-height', `${node.offsetHeight}px`));
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--slip-bar-height');
    };
  }, [bar]);
}

/**
 * The bet slip (docs/product/screens.md#bet-slip): a pick row per place or leg (the runner list picks
 * for the active one), the amount with the player's favourite stakes and repeat last bet, combinations
 * and cost, the balances and Submit Bet. Refusals the slip can see itself show before any call; the
 * server's answers after.
 *
 * Laid out as a bar and a sheet: the bar (picks, combinations, total, amount, Submit) stays on screen
 * above a phone's bottom nav and opens the sheet (the place rows and balances) over the runners; from
 * 1024 px both stand in the slip's column. Escape closes the sheet and gives the focus back to the bar.
 */
export function BetSlip({
  eventId,
  legs,
  type,
  places,
  activePlace,
  onActivate,
  onAll,
  onPlaced,
  onRepeat,
}: BetSlipProps) {
  const { t, i18n } = useTranslation();
  const lt = useLayoutT();
  const amountId = useId();
  const sheetId = useId();
  const session = useSession();
  const balanceNow = useBalance();
  const balance = useBalanceText();
  const messageText = useMessageText();
  const { useBonus } = usePlayerState();
  const refreshBalance = useBalanceRefresh();
  const queryClient = useQueryClient();
  const defaultPesos = String(defaultAmountOf(type) / 100);
  const [amount, setAmount] = useState(defaultPesos);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The receipt, and whether the bet was sent with use-bonus on (the server then spends bonus first). */
  const [receipt, setReceipt] = useState<(BetReceipt & { usedBonus: boolean }) | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const slipRef = useRef<HTMLElement>(null);
  const playerId = session.playerId || 'guest';
  const [favourites, setFavourites] = useState(() => readFavourites(browserStorage(), playerId));
  const [lastBet, setLastBet] = useState(() => readLastBet(browserStorage(), playerId, type.code));
  const [repeated, setRepeated] = useState(false);
  useSlipBarHeight(barRef);

  // A tap outside the open sheet (on the runners above it, say) closes it, as Escape does.
  useEffect(() => {
    if (!expanded) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !slipRef.current?.contains(event.target)) setExpanded(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [expanded]);

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
    onMutate: () => {
      preloadPushPrompt();
      playerState.update({ betting: true });
    },
    onSettled: () => playerState.update({ betting: false }),
    onSuccess: (answer, sent) => {
      attempt.current = null;
      const placed = { selections: sent.selections.map((place) => [...place]), pesos: sent.amount / 100 };
      rememberLastBet(browserStorage(), playerId, sent.betType, placed);
      if (sent.betType === type.code) setLastBet(placed);
      balanceStore.accept(answer);
      playerState.update({ useBonus: false });
      setReceipt({ ...answer, usedBonus: sent.useBonus });
      // In the receipt: an alert when this ticket wins is what a notification is for.
      offerPushNotifications('bet');
    },
    onError: (error) => {
      if (isSessionInvalid(error)) return; // logged out centrally
      // The server's words, in the player's language where the catalogue has them; the balance is read again.
      const refused = serverRefusalOf(error instanceof ApiError ? error : null);
      setRefusal({ ...refused, message: messageText(refused.message) });
      refreshBalance.mutate();
      // A break or limit refused it: the break banner reads the player's status again.
      if (error instanceof ApiError && error.httpStatus === 403)
        void queryClient.invalidateQueries({ queryKey: rgStatusKey });
    },
  });

  function submit() {
    if (submission.isPending || total <= 0 || !firstRace) return;
    const refused = refusalOf(type, selections, pesos);
    if (refused) {
      setRefusal({ ...refused, message: messageText(refused.message) });
      return;
    }
    const body = { raceId: firstRace.raceId, eventId, betType: type.code, selections, amount: pesos * 100, useBonus };
    const signature = slipSignature(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    submission.submit({ ...body, idempotencyKey: attempt.current.key });
  }

  /** Bet with friends: the slip's bet, once it passes the slip's own rules, goes to the group ticket's sheet. */
  const navigate = useNavigate();
  function betWithFriends() {
    if (total <= 0 || !firstRace) return;
    const refused = refusalOf(type, selections, pesos);
    if (refused) return setRefusal({ ...refused, message: messageText(refused.message) });
    const raceNos = [...new Set(legs.map((leg) => leg.raceNo))];
    saveBakasDraft({ raceId: firstRace.raceId, eventId, betType: type.code, selections, amount: pesos * 100, raceNos });
    void navigate(BAKAS_CREATE_PATH);
  }

  function confirmReceipt() {
    setReceipt(null);
    endPushOffer('bet');
    setAmount(defaultPesos);
    setRepeated(false);
    onPlaced();
  }

  function repeatLastBet() {
    if (!lastBet) return;
    onRepeat(
      repeatPlaces(
        lastBet.selections,
        legs.map((leg) => leg.runners),
      ),
    );
    setAmount(String(lastBet.pesos));
    setRepeated(true);
  }

  function toggleFavouriteStake() {
    const next = toggleFavourite(favourites, pesos);
    setFavourites(next);
    writeFavourites(browserStorage(), playerId, next);
  }

  function expand(open: boolean) {
    setExpanded(open);
    if (!open) return;
    // The sheet opens over the runners: the focus goes to the place row that takes the picks.
    requestAnimationFrame(() => {
      const target =
        sheetRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? sheetRef.current ?? undefined;
      target?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Escape in the slip's own dialogs closes them, not the sheet.
    if (event.key !== 'Escape' || !expanded) return;
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    event.stopPropagation();
    setExpanded(false);
    toggleRef.current?.focus();
  }

  function onUseBonus() {
    const decision = bonusSwitchDecision(useBonus, balanceNow);
    if (decision.kind === 'refused') showAlert(t('messages.noBonusBalance'));
    else playerState.update({ useBonus: decision.useBonus });
  }

  /**
   * The race the receipt names: the server's answer, or for a receipt without it (one stored before the
   * answer carried it) the post time of the race as the page had it from the server.
   */
  const receiptRace: { eventName?: string; postTime?: string } | null = receipt
    ? (receipt.race ?? { postTime: legs.find((leg) => leg.raceId === receipt.raceId)?.startDateTime })
    : null;
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const receiptTaxLine = receipt ? receiptTaxLineOf(receipt, language) : null;
  const favourite = favourites.includes(pesos);
  const repeatable = lastBet !== null && bettable;
  const picksShown = selections.some((place) => place.length > 0);

  return (
    <section
      ref={slipRef}
      className="bet-slip live-slip"
      aria-label={t('live.slip.title', { type: type.name })}
      data-testid="bet-slip"
      data-expanded={expanded || undefined}
      onKeyDown={onKeyDown}
    >
      <div className="slip-sheet" id={sheetId} ref={sheetRef} tabIndex={-1} data-testid="slip-sheet">
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

        <dl className="bet-slip__summary">
          <div>
            <dt>{t('live.slip.credit')}</dt>
            <dd data-testid="slip-credit">{balance('credit')}</dd>
          </div>
          <div>
            <dt>{t('live.slip.bonus')}</dt>
            <dd className="bet-slip__bonus">
              <span data-testid="slip-bonus">{balance('bonus')}</span>
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
        <p className="field__hint" style={{ margin: 0 }} data-testid="slip-bonus-note">
          <strong>{t('history.bet.bonusStakeNotReturned')}</strong>: {t('betReceipt.bonusStakeNote')}
        </p>
        <Button
          variant="secondary"
          disabled={total <= 0 || !bettable}
          onClick={betWithFriends}
          data-testid="slip-friends"
        >
          {lt('friends')}
        </Button>
      </div>

      <div className="slip-bar" ref={barRef} data-testid="slip-bar">
        <div className="slip-bar__row">
          <button
            ref={toggleRef}
            type="button"
            className="slip-bar__toggle"
            aria-expanded={expanded}
            aria-controls={sheetId}
            data-testid="slip-toggle"
            onClick={() => expand(!expanded)}
          >
            <span className="slip-bar__label">{lt('bar.picks')}</span>
            <span className="slip-bar__picks" data-testid="slip-bar-picks">
              {picksShown ? barPicksText(type, selections) : lt('bar.noPicks')}
            </span>
            <svg className="slip-bar__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
          <dl className="slip-bar__summary">
            <div>
              <dt>{t('live.slip.combinations')}</dt>
              <dd data-testid="slip-combinations">{combinations}</dd>
            </div>
            <div>
              <dt>{t('live.slip.total')}</dt>
              <dd data-testid="slip-total">{formatPeso(total)}</dd>
            </div>
          </dl>
        </div>

        <div className="slip-bar__row">
          <div className="slip-bar__amount">
            <label htmlFor={amountId} className="slip-bar__amount-label">
              {t('live.slip.amount')}
            </label>
            <input
              id={amountId}
              className="field__input slip-bar__amount-input"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={amount}
              data-testid="slip-amount"
              onChange={(event) => {
                setAmount(amountInput(event.target.value));
                setRepeated(false);
              }}
            />
            <button
              type="button"
              className="slip-bar__star"
              aria-pressed={favourite}
              aria-label={lt('favourites.keep')}
              title={lt('favourites.keep')}
              disabled={pesos <= 0}
              data-testid="slip-favourite"
              onClick={toggleFavouriteStake}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
          </div>
          <Button
            variant="primary"
            busy={submission.isPending}
            disabled={total <= 0 || !bettable}
            onClick={submit}
            data-testid="slip-submit"
            className="slip-bar__submit"
          >
            {t('live.slip.submit')}
          </Button>
        </div>

        {repeatable || favourites.length > 0 ? (
          <div className="slip-bar__quick chip-strip" role="group" aria-label={lt('favourites.title')}>
            {repeatable ? (
              <button
                type="button"
                className="slip-chip slip-chip--repeat"
                data-testid="slip-repeat"
                onClick={repeatLastBet}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path
                    d="M4 12a8 8 0 0 1 13.7-5.7L20 8.5M20 4v4.5h-4.5M20 12a8 8 0 0 1-13.7 5.7L4 15.5M4 20v-4.5h4.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {lt('repeat')}
              </button>
            ) : null}
            {favourites.map((stake) => (
              <button
                key={stake}
                type="button"
                className="slip-chip"
                aria-pressed={stake === pesos}
                data-testid="favourite-stake"
                onClick={() => {
                  setAmount(String(stake));
                  setRepeated(false);
                }}
              >
                {pesoText(stake)}
              </button>
            ))}
          </div>
        ) : null}
        <p className="visually-hidden" role="status">
          {repeated ? lt('repeatHint', { type: type.name }) : ''}
        </p>
      </div>

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
              <dd data-testid="receipt-type">{betTypeName(receipt.betDetails.type)}</dd>
            </div>
            <div>
              <dt>{t('live.slip.race')}</dt>
              <dd data-testid="receipt-race">
                {raceWords(receipt.betDetails.raceNumbers.join('/'), BET_WORDS[language])}
              </dd>
            </div>
            {receiptRace?.eventName ? (
              <div>
                <dt>{t('live.slip.raceDay')}</dt>
                <dd data-testid="receipt-race-day">{receiptRace.eventName}</dd>
              </div>
            ) : null}
            {receiptRace?.postTime ? (
              <div>
                <dt>{t('live.slip.postTime')}</dt>
                <dd data-testid="receipt-post-time">
                  <time dateTime={receiptRace.postTime}>{formatManilaDateTime(receiptRace.postTime)}</time>
                </dd>
              </div>
            ) : null}
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
        {receiptTaxLine ? (
          <p className="bet-receipt__tax" data-testid="receipt-winnings-tax">
            {receiptTaxLine}
          </p>
        ) : null}
        <PushOfferSlot />
      </Dialog>
    </section>
  );
}
