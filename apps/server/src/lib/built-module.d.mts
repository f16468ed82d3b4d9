/** Types of built-module.mjs (plain JavaScript, so that the server's launcher loads it without a compiler). */

/** The entry built into one module with the project's modules it imports, once per process (decision 060). */
export function builtModule(entry: URL): Promise<URL>;

/** The folder built modules are kept in, made if need be: it must be this user's alone (mode 700), or this throws. */
export function privateFolder(dir?: string): string;
