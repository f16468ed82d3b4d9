/**
 * A schema of the shared contract, built the first time it is used instead of when its module loads.
 *
 * Building a zod schema costs the browser real time: the few hundred schemas the modules of a player
 * screen declare (most of them answers it never parses, kept for their types and the server) took a
 * slow phone tens of milliseconds of blocking work as their chunks loaded. In a browser page the schema
 * is a stand-in that builds it on its first use (a parse, an `.extend()`, a read of its shape) and from
 * then on answers for it. The rules and messages are the ones the build function gives, unchanged.
 *
 * Everywhere else (the server, workers, tests) the schema is built at once, so the server's routes, its
 * OpenAPI description and its parsing see the zod objects themselves.
 */
export function lazySchema<T extends object>(build: () => T): T {
  return IN_A_PAGE ? schemaOnFirstUse(build) : build();
}

/** A service worker or a server has no document: only a page loads a screen's chunks. */
const IN_A_PAGE = 'document' in globalThis;

/** The stand-in itself, in any environment (lazySchema uses it in a page; tests use it directly). */
export function schemaOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target is an empty stand-in: every trap answers from the built schema, and methods called on the
  // stand-in (`this`) reach the built schema through it.
  const standIn: object = {};
  return new Proxy(standIn, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: a proxy may not report a non-configurable property its target lacks.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  }) as T; // the stand-in answers every property read, prototype and key of the schema it builds
}
