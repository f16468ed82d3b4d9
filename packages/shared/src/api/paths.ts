/**
 * An operation's path with its parameters filled in, for a caller: `/api/x/:id` with `{ id: 7 }` is `/api/x/7`.
 * The path constants (GameRoutes, BackofficeRoutes, ...) are built from the operations with it, so a path is
 * written once, in its operation.
 */
export function pathTo(
  operation: { readonly path: string },
  params: Readonly<Record<string, string | number>>,
): string {
  return operation.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path of an operation with one path parameter, as a function of it: `(id) => '/api/x/7'`. */
export function pathOfOne(operation: { readonly path: string }): (value: string | number) => string {
  const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const [name] = names;
  if (names.length !== 1 || !name) throw new Error(`${operation.path} has not exactly one path parameter`);
  return (value) => pathTo(operation, { [name]: value });
}
