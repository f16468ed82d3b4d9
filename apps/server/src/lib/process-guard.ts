import type { FastifyBaseLogger } from 'fastify';

export interface ProcessGuardOptions {
  /** Called when the process must end after all (see below); process.exit unless a test says otherwise. */
  exit?: (code: number) => void;
}

/**
 * Keeps one faulty request from ending the server (docs/product/api.md#strict-inputs): a promise rejected with nobody
 * to handle it, or an error thrown from a timer or an event listener, is logged at error level with its
 * stack, and the server keeps serving everyone else. Node's default is to end the process, which let one
 * player stop the server with a corrupt image (docs/decisions/014-receipt-images-decoded-before-ocr.md).
 *
 * Why keep serving after an uncaught exception, against Node's advice that the process state may be
 * undefined: money state lives in the database and every change of it is one transaction, so an
 * interrupted callback cannot leave a half-written balance behind, and a restart would lose the open
 * sockets and in-flight bets of every other player while the same request could end it again. The bug
 * still shows: each one is logged at error level.
 *
 * The one exception that ends the process: an uncaught exception whose origin is 'unhandledRejection'.
 * With our unhandledRejection handler installed, Node gives that origin only to a rejected top-level
 * await of the entry module, that is a failed startup (the port in use, the database unreachable): a
 * server that never started listening must not linger, so it exits with code 1 as it would without us.
 *
 * Returns a function that removes the handlers again.
 */
export function installProcessGuard(
  log: Pick<FastifyBaseLogger, 'error' | 'fatal'>,
  options: ProcessGuardOptions = {},
): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection; the server keeps serving');
  };
  const onException = (error: Error, origin: NodeJS.UncaughtExceptionOrigin) => {
    if (origin === 'unhandledRejection') {
      log.fatal({ err: error }, 'startup failed');
      exit(1);
      return;
    }
    log.error({ err: error }, 'uncaught exception; the server keeps serving');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
