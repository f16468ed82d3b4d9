import { describe, expect, it, vi } from 'vitest';
import { centavos } from '@karera/shared';
import { createBalanceStore, LOADING_BALANCE, bonusSwitchDecision, type ServerBalances } from './balance.ts';

/** A getBalance whose answers the test releases one by one. */
function deferredReads() {
  const pending: ((balances: ServerBalances) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const read = vi.fn(
    () =>
      new Promise<ServerBalances>((resolve, reject) => {
        pending.push(resolve);
        failures.push(reject);
      }),
  );
  return {
    read,
    answer: (i: number, b: ServerBalances) => pending[i]?.(b),
    fail: (i: number) => failures[i]?.(new Error('x')),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the balance store', () => {
  it('starts loading, never with a stored figure, and shows what getBalance answers', async () => {
    const reads = deferredReads();
    const store = createBalanceStore(reads.read);
    expect(store.getSnapshot()).toEqual(LOADING_BALANCE);
    const done = store.reload();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', reading: true });
    reads.answer(0, { creditBalance: 1_000_000, bonusBalance: 500 });
    await done;
    expect(store.getSnapshot()).toEqual({ status: 'ready', credit: 1_000_000, bonus: 500, reading: false });
  });

  it('joins a read on its way for a focus, and reads again after it for a money notice', async () => {
    const reads = deferredReads();
    const store = createBalanceStore(reads.read);
    void store.reload();
    void store.reload();
    expect(reads.read).toHaveBeenCalledTimes(1);
    void store.reload({ fresh: true });
    reads.answer(0, { creditBalance: 0, bonusBalance: 0 });
    await tick();
    expect(reads.read).toHaveBeenCalledTimes(2);
    reads.answer(1, { creditBalance: 50_000, bonusBalance: 0 });
    await tick();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', credit: 50_000, reading: false });
  });

  it("keeps a bet receipt's balance over a read that left before it", async () => {
    const reads = deferredReads();
    const onAccepted = vi.fn();
    const store = createBalanceStore(reads.read, onAccepted);
    void store.reload();
    store.accept({ creditBalance: 9_000, bonusBalance: 0 });
    reads.answer(0, { creditBalance: 10_000, bonusBalance: 0 });
    await tick();
    expect(store.getSnapshot()).toMatchObject({ credit: 9_000 });
    expect(onAccepted).toHaveBeenCalledTimes(1);
  });

  it('says failed, not ₱0.00, when the first read fails, and forgets everything on logout', async () => {
    const reads = deferredReads();
    const store = createBalanceStore(reads.read);
    void store.reload();
    reads.fail(0);
    await tick();
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', credit: null });
    store.accept({ creditBalance: 100, bonusBalance: 0 });
    store.reset();
    expect(store.getSnapshot()).toEqual(LOADING_BALANCE);
  });
});

describe('bonusSwitchDecision', () => {
  const ready = (bonus: number) => ({
    status: 'ready' as const,
    credit: centavos(0),
    bonus: centavos(bonus),
    reading: false,
  });
  it('refuses use-bonus only on a bonus balance the server said is 0', () => {
    expect(bonusSwitchDecision(false, ready(0))).toEqual({ kind: 'refused' });
    expect(bonusSwitchDecision(false, ready(100))).toEqual({ kind: 'set', useBonus: true });
    expect(bonusSwitchDecision(false, LOADING_BALANCE)).toEqual({ kind: 'set', useBonus: true });
    expect(bonusSwitchDecision(true, ready(0))).toEqual({ kind: 'set', useBonus: false });
  });
});
