/*
 * The web app's `zod` (vite.config.ts points the bare `zod` import here, for the app's code and
 * @karera/shared's schemas alike). Zod's objects probe once whether `new Function` may run, to compile
 * faster parsers; under the site's Content-Security-Policy (script-src 'self') the probe fails quietly but
 * Chrome still reports it as a CSP violation (Lighthouse best practices). Jitless, zod parses without
 * generated code and never probes. It must be set before the first object schema is made (the probe runs
 * when the schema is built): every module that imports `zod` gets this one, so its body runs first.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
