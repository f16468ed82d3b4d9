import { useSyncExternalStore } from 'react';

/**
 * Shared in-memory state of a logged-in player (docs/product/accounts.md#sessions) that is not stored in the browser:
 * whether bets use the bonus balance, and whether a bet is being submitted. Logout and status 107 reset it.
 */
export interface PlayerState {
  useBonus: boolean;
  betting: boolean;
}

export const INITIAL_PLAYER_STATE: PlayerState = Object.freeze({ useBonus: false, betting: false });

export type UseBonusDecision = { kind: 'set'; useBonus: boolean } | { kind: 'refused' };

/**
 * Turning the use-bonus switch on needs a bonus balance above 0 (docs/product/betting.md#slip-rules-and-refusals);
 * turning it off always works.
 */
export function toggleUseBonus(current: boolean, bonusBalance: number | null): UseBonusDecision {
  if (current) return { kind: 'set', useBonus: false };
  if (bonusBalance === null || bonusBalance <= 0) return { kind: 'refused' };
  return { kind: 'set', useBonus: true };
}

export function createPlayerStateStore() {
  let state: PlayerState = INITIAL_PLAYER_STATE;
  const listeners = new Set<() => void>();
  function set(next: PlayerState) {
    if (next.useBonus === state.useBonus && next.betting === state.betting) return;
    state = next;
    for (const listener of listeners) listener();
  }
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update: (values: Partial<PlayerState>) => set({ ...state, ...values }),
    reset: () => set(INITIAL_PLAYER_STATE),
  };
}

export const playerState = createPlayerStateStore();

export function usePlayerState(): PlayerState {
  return useSyncExternalStore(playerState.subscribe, playerState.getSnapshot, playerState.getSnapshot);
}
