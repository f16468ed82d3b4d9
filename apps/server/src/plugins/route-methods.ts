import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * Records the methods of every route as it is declared, by address pattern, in a router of the kind
 * Fastify itself matches with (find-my-way, same defaults), so that a request no route answers can be told
 * apart: a known address asked with the wrong method (405, with the methods it has) or an unknown address
 * (404). Call before any route is registered: onRoute hears only routes declared after it.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => readonly string[] | undefined {
  const router = FindMyWay();
  const methodsByPattern = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    let methods = methodsByPattern.get(route.url);
    if (!methods) {
      methods = new Set();
      methodsByPattern.set(route.url, methods);
      // One entry per pattern: the methods live in its store, read back by allowedMethods.
      router.on('GET', route.url, () => undefined, methods);
    }
    for (const method of [route.method].flat()) methods.add(method);
    // Fastify answers HEAD for every GET route.
    if (methods.has('GET')) methods.add('HEAD');
  });
  return (url) => {
    const path = url.split('?')[0] ?? '/';
    const store: unknown = router.find('GET', path)?.store;
    return store instanceof Set ? [...store].filter((m): m is string => typeof m === 'string').sort() : undefined;
  };
}
