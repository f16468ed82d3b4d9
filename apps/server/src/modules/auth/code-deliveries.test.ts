import { describe, expect, it, vi } from 'vitest';
import { createCodeDeliveries } from './code-deliveries.ts';

describe('code deliveries', () => {
  it('sends on a later turn than the answer, and settles once every delivery started has gone', async () => {
    const deliveries = createCodeDeliveries();
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    deliveries.sendAfterAnswer(async () => {
      await held;
      sent.push('first');
    }, vi.fn());
    deliveries.sendAfterAnswer(async () => {
      sent.push('second');
    }, vi.fn());
    expect(sent).toEqual([]);
    let settled = false;
    const waiting = deliveries.settled().then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(sent).toEqual(['second']));
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(sent).toEqual(['second', 'first']);
  });

  it('hands a failed delivery to its handler and still settles', async () => {
    const deliveries = createCodeDeliveries();
    const onError = vi.fn();
    const failure = new Error('gateway down');
    deliveries.sendAfterAnswer(() => Promise.reject(failure), onError);
    await deliveries.settled();
    expect(onError).toHaveBeenCalledWith(failure);
    await expect(deliveries.settled()).resolves.toBeUndefined();
  });
});
