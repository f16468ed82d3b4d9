/**
 * Typed transaction hooks (docs/decisions/050-transaction-hooks.md): money that moves because other money
 * moves, in the same database transaction. A publisher (settlement, payments, bet placement) runs a hook
 * with its transaction and a payload; every subscriber of the hook runs inside that transaction, one after
 * the other, in the order declared when the hooks are created. A subscriber that throws stops the rest, and
 * the error reaches the publisher as if its own code had thrown it: its transaction rolls back whole.
 *
 * Each publisher declares its hooks (names, handle and payload types) beside its own code; subscriber
 * modules depend on those public types, never the reverse. The hooks are wired in one place
 * (src/domain-hooks.ts). This file knows no module: handles and payloads are type parameters.
 */

/** What a hook hands its subscribers: the publisher's handle (its transaction) and the payload. */
export interface HookPoint<Handle, Payload> {
  handle: Handle;
  payload: Payload;
}

/** A set of hooks by name, as a publisher declares them. */
export type HookSpecs = { [name: string]: HookPoint<unknown, unknown> };

export type Subscriber<Handle, Payload> = (handle: Handle, payload: Payload) => Promise<void>;

/** The names of each hook's subscribers, in the order they run. */
export type SubscriberOrder<S extends HookSpecs> = { readonly [K in keyof S]: readonly string[] };

/** What a publisher needs: running its hooks. */
export interface HookRunner<S extends HookSpecs> {
  run<K extends keyof S & string>(hook: K, handle: S[K]['handle'], payload: S[K]['payload']): Promise<void>;
}

/** What a subscriber module needs: subscribing, under a name the order declares. */
export interface HookSubscriptions<S extends HookSpecs> {
  on<K extends keyof S & string>(hook: K, subscriber: string, run: Subscriber<S[K]['handle'], S[K]['payload']>): void;
}

export interface TxHooks<S extends HookSpecs> extends HookRunner<S>, HookSubscriptions<S> {
  /** The subscribers of a hook, in the order they run. */
  subscribers(hook: keyof S & string): readonly string[];
}

/**
 * Hooks whose subscribers run in the declared order. Subscribing under a name the order does not declare
 * for the hook, or twice, throws; so does running a hook one of whose declared subscribers never subscribed
 * (the wiring is incomplete: money that must move with the publisher's would silently not).
 */
export function createTxHooks<S extends HookSpecs>(order: SubscriberOrder<S>): TxHooks<S> {
  const subscribed: { [K in keyof S]?: Map<string, Subscriber<S[K]['handle'], S[K]['payload']>> } = {};
  const declared = (hook: keyof S & string): readonly string[] => (Object.hasOwn(order, hook) ? order[hook] : []);
  for (const hook of Object.keys(order)) {
    const names = declared(hook);
    if (new Set(names).size !== names.length) throw new Error(`Hook ${hook}: a subscriber is declared twice.`);
  }

  return {
    on(hook, subscriber, run) {
      if (!declared(hook).includes(subscriber)) {
        throw new Error(`Hook ${hook}: subscriber ${subscriber} is not in the declared order.`);
      }
      const ofHook =
        subscribed[hook] ?? new Map<string, Subscriber<S[typeof hook]['handle'], S[typeof hook]['payload']>>();
      if (ofHook.has(subscriber)) throw new Error(`Hook ${hook}: ${subscriber} subscribed twice.`);
      ofHook.set(subscriber, run);
      subscribed[hook] = ofHook;
    },
    async run(hook, handle, payload) {
      const ofHook = subscribed[hook];
      for (const name of declared(hook)) {
        const subscriber = ofHook?.get(name);
        if (!subscriber) throw new Error(`Hook ${hook}: subscriber ${name} is declared but never subscribed.`);
        await subscriber(handle, payload);
      }
    },
    subscribers: (hook) => declared(hook),
  };
}
