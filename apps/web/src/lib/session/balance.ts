import { centavos, type Centavos } from '@karera/shared';

/**
 * The player's balances as the server last said them (docs/product/README.md#principles: a screen shows what the server
 * just said, never a stored copy). Nothing here is read from the browser's storage: a page starts
 * `loading` and shows the balances once getBalance (or another answer carrying them: login, a bet receipt,
 * a withdrawal, a promo claim, the profile) has answered.
 *
 * - `loading`: no answer yet since the page opened (or since the player signed in again): screens show a
 *   loading state, never ₱0.00, and refuse nothing on a balance.
 * - `ready`: the server's figures.
 * - `failed`: the first read failed; the header's refresh tries again.
 */
export type BalanceStatus = 'loading' | 'ready' | 'failed';

export interface BalanceSnapshot {
  status: BalanceStatus;
  credit: Centavos | null;
  bonus: Centavos | null;
  /** A getBalance read is on its way (the header's refresh spins). */
  reading: boolean;
}

export interface ServerBalances {
  creditBalance: number;
  bonusBalance: number;
}

export const LOADING_BALANCE: BalanceSnapshot = Object.freeze({
  status: 'loading',
  credit: null,
  bonus: null,
  reading: false,
});

export interface BalanceStore {
  getSnapshot(): BalanceSnapshot;
  subscribe(listener: () => void): () => void;
  /** Balances an answer of the server carried just now (login, bet receipt, withdrawal, claim, profile). */
  accept(balances: ServerBalances): void;
  /**
   * Reads getBalance. `fresh` (after a money notice): a read already on its way may have left before the
   * money moved, so another follows it; otherwise (page load, focus) the read on its way is answer enough.
   */
  reload(options?: { fresh?: boolean }): Promise<void>;
  /** Logout or status 107: forget the figures; a read on its way is ignored. */
  reset(): void;
}

export function createBalanceStore(
  read: () => Promise<ServerBalances>,
  onAccepted: (balances: { credit: Centavos; bonus: Centavos }) => void = () => undefined,
): BalanceStore {
  let snapshot: BalanceSnapshot = LOADING_BALANCE;
  /** Bumped by every answer taken and every reset: a read that left before it cannot overwrite it. */
  let generation = 0;
  let inFlight: Promise<void> | null = null;
  let again = false;
  const listeners = new Set<() => void>();

  function set(next: BalanceSnapshot) {
    const same =
      next.status === snapshot.status &&
      next.credit === snapshot.credit &&
      next.bonus === snapshot.bonus &&
      next.reading === snapshot.reading;
    if (same) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function accept(balances: ServerBalances) {
    generation += 1;
    const credit = centavos(balances.creditBalance);
    const bonus = centavos(balances.bonusBalance);
    set({ ...snapshot, status: 'ready', credit, bonus });
    onAccepted({ credit, bonus });
  }

  function start(): Promise<void> {
    const startedAt = generation;
    const done = read().then(
      (balances) => {
        if (generation === startedAt) accept(balances);
      },
      () => {
        if (generation === startedAt && snapshot.status === 'loading') set({ ...snapshot, status: 'failed' });
      },
    );
    const tracked = done.finally(() => {
      if (inFlight !== tracked) return;
      inFlight = null;
      if (again) {
        again = false;
        void start();
      } else {
        set({ ...snapshot, reading: false });
      }
    });
    inFlight = tracked;
    set({ ...snapshot, reading: true });
    return tracked;
  }

  function reload(options: { fresh?: boolean } = {}): Promise<void> {
    if (inFlight) {
      if (options.fresh) again = true;
      return inFlight;
    }
    if (snapshot.status === 'failed') set({ ...snapshot, status: 'loading' });
    return start();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    accept,
    reload,
    reset() {
      generation += 1;
      again = false;
      inFlight = null;
      set(LOADING_BALANCE);
    },
  };
}

/**
 * Use-bonus on needs a bonus balance above 0 (docs/product/betting.md#slip-rules-and-refusals), as the server last said
 * it; while the balance is still loading the switch follows the tap and the bet's answer decides.
 */
export function bonusSwitchDecision(
  current: boolean,
  balance: BalanceSnapshot,
): { kind: 'set'; useBonus: boolean } | { kind: 'refused' } {
  if (current) return { kind: 'set', useBonus: false };
  if (balance.status !== 'ready') return { kind: 'set', useBonus: true };
  return balance.bonus !== null && balance.bonus > 0 ? { kind: 'set', useBonus: true } : { kind: 'refused' };
}
