/**
 * The codes of forgotPassword and resendOTP go out after the answer (decision 022). What is still on its
 * way is kept here: closing the server waits for it, and so can a test that moves a number's codes in
 * time, which must not race a code being stored.
 */
export interface CodeDeliveries {
  /** Runs `deliver` on a later turn than the answer; a failure is handed to `onError`, never thrown. */
  sendAfterAnswer: (deliver: () => Promise<void>, onError: (error: unknown) => void) => void;
  /** Settles once every delivery started before the call has gone or failed. */
  settled: () => Promise<void>;
}

export function createCodeDeliveries(): CodeDeliveries {
  const pending = new Set<Promise<void>>();
  return {
    sendAfterAnswer(deliver, onError) {
      const delivery: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(deliver)
        .catch(onError)
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
