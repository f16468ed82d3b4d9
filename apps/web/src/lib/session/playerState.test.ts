import { describe, expect, it, vi } from 'vitest';
import { INITIAL_PLAYER_STATE, createPlayerStateStore, toggleUseBonus } from './playerState.ts';

describe('toggleUseBonus', () => {
  it('refuses to turn on without a bonus balance above 0', () => {
    expect(toggleUseBonus(false, 0)).toEqual({ kind: 'refused' });
    expect(toggleUseBonus(false, -100)).toEqual({ kind: 'refused' });
    expect(toggleUseBonus(false, null)).toEqual({ kind: 'refused' });
  });

  it('turns on with a bonus balance and always turns off', () => {
    expect(toggleUseBonus(false, 1)).toEqual({ kind: 'set', useBonus: true });
    expect(toggleUseBonus(true, 0)).toEqual({ kind: 'set', useBonus: false });
  });
});

describe('player state store', () => {
  it('notifies on change only and resets', () => {
    const store = createPlayerStateStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.update({ useBonus: true });
    store.update({ useBonus: true });
    expect(store.getSnapshot().useBonus).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.reset();
    expect(store.getSnapshot()).toEqual(INITIAL_PLAYER_STATE);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
