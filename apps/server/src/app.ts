import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { STREAM_EMBED_ORIGIN, StatusCode } from '@karera/shared';
import type { AppConfig } from './config.ts';
import { createDatabase, type DatabaseHandle, type Dialect } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { bootstrap } from './bootstrap.ts';
import { createDomainHooks, type DomainHooks } from './domain-hooks.ts';
import { openApiSchemaTransform, SECURITY_SCHEMES } from './lib/operations.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { addSecurityHeaders } from './plugins/security-headers.ts';
import { fastifyTrustProxy } from './plugins/trust-proxy.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { trackRouteMethods } from './plugins/route-methods.ts';
import { keySignedInLimitsOnAccounts } from './plugins/account-rate-limits.ts';
import {
  auditStaffRefusals,
  isStaffGuard,
  requireStaff,
  requireStaffCookie,
  runStaffGuardsFirst,
} from './modules/staff/index.ts';
import { backofficeRoutes } from './modules/backoffice/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { authRoutes, createCodeDeliveries, type CodeDeliveries } from './modules/auth/index.ts';
import { rememberSharedSessions, requirePlayer } from './modules/sessions/index.ts';
import type { AudienceGuards } from './lib/register-operation.ts';
import { playerRoutes, confirmMobileChange } from './modules/players/index.ts';
import { createSmsSender, type SmsSender } from './modules/sms/index.ts';
import {
  inProcessPubSub,
  postgresPubSub,
  type PubSub,
  createDomainEvents,
  type DomainEvents,
} from './modules/events/index.ts';
import { racingRoutes } from './modules/racing/index.ts';
import { blackbookRoutes } from './modules/blackbook/index.ts';
import { replayRoutes } from './modules/replays/index.ts';
import { formAdminRoutes, formPagesRoutes, formRoutes } from './modules/form/index.ts';
import { bettingRoutes, inProcessBetPlacement, placementThread, type BetPlacement } from './modules/betting/index.ts';
import { bakasRoutes, closeGroupsAtLastCall } from './modules/bakas/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { amlRoutes } from './modules/aml/index.ts';
import { agentRoutes } from './modules/agents/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { promoRoutes } from './modules/promos/index.ts';
import { dualControlRoutes } from './modules/dualcontrol/index.ts';
import { masterAgentRoutes } from './modules/masteragents/index.ts';
import { kycRoutes } from './modules/kyc/index.ts';
import { statementRoutes } from './modules/statement/index.ts';
import { batchPlayerLimits, responsibleGamingRoutes } from './modules/rglimits/index.ts';
import { registerRealtimeHub, type RealtimeHubOptions } from './modules/realtime/index.ts';
import { createNotifications, notificationRoutes, type Notifications } from './modules/notifications/index.ts';
import { registerDashboard } from './modules/dashboard/index.ts';
import { pushRoutes, registerPushAndSmsChannels } from './modules/notifications/index.ts';
import {
  toteRoutes,
  livePoolsRoutes,
  resumeSettlements,
  settleCompletedPools,
  type ToteDeps,
  startOddsPublisher,
  startPoolsPublisher,
} from './modules/tote/index.ts';
import { startSimulator } from './modules/simulator/index.ts';
import { createLeadership, leaseDatabase, type Leadership } from './modules/cluster/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    dialect: Dialect;
    /** Lines to show the operator at start: generated credentials, demo accounts. */
    startupNotes: string[];
    sms: SmsSender;
    pubsub: PubSub;
    /** Typed domain events between modules, emitted after commit, heard by every instance. */
    events: DomainEvents;
    /** Typed transaction hooks: what moves with a publisher's money, in its transaction (decision 050). */
    hooks: DomainHooks;
    /** Refunds what a cancelled race completes (the tote), for every module that cancels races. */
    onRaceCancelled: (raceId: number) => Promise<void>;
    /** Places or cancels the group tickets of a race that stopped taking bets (decision 056). */
    onBettingClosed: (raceId: number) => Promise<void>;
    /** Where bets are placed: a thread of their own on a SQLite file, the server's thread otherwise. */
    betPlacement: BetPlacement;
    /** Which instance runs the run-once work (simulator, odds, pools, settlement resume): decision 030. */
    leadership: Leadership;
    /** Notices to players (decision 055): register a channel with `notifications.channels.register`. */
    notifications: Notifications;
    /** The codes sent after their answer (resendOTP, forgotPassword) still on their way. */
    codeDeliveries: CodeDeliveries;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening the configured one (tests share a prepared handle). */
  database?: DatabaseHandle;
  /** The live sockets' settings (tests shorten the heartbeat). */
  realtime?: RealtimeHubOptions;
  /** The transaction hooks (tests add a subscriber of their own); createDomainHooks(config) otherwise. */
  hooks?: (config: AppConfig) => DomainHooks;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Production keeps Fastify's structured request records; elsewhere one short debug line each, so a
    // development console shows the start-up notes and the warnings, not two lines per asset and poll.
    ...(config.env === 'production' ? {} : { logController: new BriefRequestLogs() }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids in logs, without trusting a client-sent one.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors: refuseMalformedAddress,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route: a wrong method on a known address answers 405, an unknown address 404.
  const allowedMethods = trackRouteMethods(app);

  // Before any route too: a staff route decides the caller's role before it reads the body (issue 30).
  runStaffGuardsFirst(app);
  // A staff member's refusals go into the audit trail with their actions.
  auditStaffRefusals(app);
  // After it, before the rate-limit plugin: a signed-in route's limit counts the account (issue 30).
  keySignedInLimitsOnAccounts(app, { requirePlayer, isStaffGuard });
  // Every operation's route takes its guard from its audience (decision 051); the guards are these modules'.
  app.decorate('audienceGuards', {
    player: requirePlayer,
    staffSignIn: requireStaffCookie,
    staff: (roles) => requireStaff(...roles),
  } satisfies AudienceGuards);
  const database = options.database ?? createDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('startupNotes', [] as string[]);
  app.decorate('sms', createSmsSender(database.db, app.log, config.sms, { logCodes: config.env !== 'production' }));
  const pubsub =
    config.database.kind === 'postgres' ? await postgresPubSub(config.database.url, app.log) : inProcessPubSub();
  app.decorate('pubsub', pubsub);
  app.addHook('onClose', () => pubsub.close());
  if (config.database.kind === 'postgres') {
    // Every player call resolves its session: remembered while this instance hears every session
    // change made by any instance (decision 041).
    const forgetSharedSessions = rememberSharedSessions(database.db, {
      listening: () => pubsub.listening(),
      subscribe: (handler) => pubsub.subscribeSessionChanges(handler),
      onResume: (handler) => pubsub.onResume(handler),
    });
    app.addHook('onClose', async () => forgetSharedSessions());
  }
  const events = createDomainEvents(pubsub, app.log.child({ module: 'events' }));
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  if (!options.database) app.addHook('onClose', () => database.close());

  await migrateToLatest(database.db, database.dialect);
  app.startupNotes.push(...(await bootstrap(database.db, config)));

  const hooks = options.hooks?.(config) ?? createDomainHooks(config);
  app.decorate('hooks', hooks);
  // Group tickets at last call: placed or cancelled once their first race stops taking bets (decision 056).
  // The race's move has committed: a failure here is logged, never the move's; the leader's next start and a
  // viewer's look at the group close what is left.
  const bakasAtLastCall = async (raceId?: number) => {
    await closeGroupsAtLastCall(database.db, (change) => void events.emit('bakas.shares', change), raceId).catch(
      (error: unknown) => app.log.error({ err: error, raceId }, 'group tickets not closed at last call'),
    );
  };
  const toteDeps: ToteDeps = {
    db: database.db,
    pubsub,
    hooks,
    onRaceCancelled: (raceId) => settleCompletedPools(toteDeps, raceId),
    onBettingClosed: (raceId) => bakasAtLastCall(raceId),
  };
  app.decorate('onRaceCancelled', toteDeps.onRaceCancelled ?? (() => Promise.resolve()));
  app.decorate('onBettingClosed', (raceId: number) => bakasAtLastCall(raceId));
  // SQLite is synchronous: on a file, bets run their SQL on a thread of their own (decision 011).
  // PostgreSQL places each batch of bets by one function call, one batch at a time (decision 029),
  // and leaves the rest of its pool to the other calls.
  const betPlacement = database.sqlite
    ? placementThread(database.sqlite, app.log, { kyc: config.kyc })
    : inProcessBetPlacement(database.db, 1, hooks, batchPlayerLimits);
  app.decorate('betPlacement', betPlacement);
  app.addHook('onClose', () => betPlacement.close());
  // Run-once work runs on one instance per database: on PostgreSQL the holder of a lease, which another
  // instance takes over within seconds when it dies; on SQLite this process (decision 030).
  const leaseDb = config.database.kind === 'postgres' ? leaseDatabase(config.database.url) : undefined;
  const leadership = createLeadership({ db: leaseDb?.db, log: app.log.child({ module: 'leadership' }) });
  app.decorate('leadership', leadership);
  // A settlement stopped by a crash, a restart or a leader's death is finished by the (next) leader, on
  // the first one before the server takes requests.
  leadership.whileLeading('settlement resume', () => resumeSettlements(toteDeps));
  // Group tickets whose last call passed while no instance was there to place them (a crash, a restart).
  leadership.whileLeading('group tickets at last call', () => bakasAtLastCall());
  // Notices: written with what causes them, delivered by the leader's dispatcher (decision 055).
  const inboxChanged = (playerIds: readonly number[]) => {
    for (let i = 0; i < playerIds.length; i += 500)
      void events.emit('inbox.changed', { playerIds: playerIds.slice(i, i + 500) });
  };
  const notifications = createNotifications({
    db: database.db,
    holder: leadership.holder,
    mayRun: () => leadership.isLeader(),
    log: app.log.child({ module: 'notifications' }),
    inboxChanged,
  });
  app.decorate('notifications', notifications);
  registerPushAndSmsChannels(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Race streams: HLS from the configured stream hosts, fed through Media Source (blob:) by hls.js.
        mediaSrc: ["'self'", 'blob:', ...config.streamHosts],
        // The API and the live socket ('self' covers ws: and wss: of this host), and hls.js fetching the
        // race stream's playlists and segments from the configured stream hosts.
        connectSrc: ["'self'", ...config.streamHosts],
        // Only the streaming provider's embedded player.
        frameSrc: [STREAM_EMBED_ORIGIN],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The race stream is embedded from a video provider.
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
  });
  await app.register(cookie);
  // Instances on one PostgreSQL count limits together there; one SQLite process counts them in memory (decision 031).
  await app.register(rateLimit, {
    global: false,
    ...(database.dialect === 'postgres' ? { store: databaseRateLimitStore(database.db) } : {}),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Karera API',
        description: 'Player calls, public routes and the back office. Money is integer centavos.',
        version: '1.0.0',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiSchemaTransform,
  });
  await app.register(async (docs) => {
    // In production the API description is for signed-in staff only: it maps every route an attacker would try.
    if (config.docsForStaffOnly) docs.addHook('onRequest', requireStaff());
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.selectFrom('staff_users').select('id').limit(1).execute();
    return { status: 'ok' };
  });

  await app.register(contactRoutes);
  await app.register(siteRoutes);
  await app.register(backofficeRoutes);
  app.decorate('codeDeliveries', createCodeDeliveries());
  await app.register(authRoutes(confirmMobileChange, app.codeDeliveries));
  await app.register(playerRoutes);
  await app.register(racingRoutes);
  await app.register(formRoutes);
  await app.register(formAdminRoutes);
  await app.register(blackbookRoutes);
  await app.register(replayRoutes);
  await app.register(formPagesRoutes);
  await app.register(bettingRoutes);
  await app.register(bakasRoutes);
  await app.register(toteRoutes(toteDeps));
  await app.register(livePoolsRoutes(toteDeps));
  await app.register(paymentRoutes);
  await app.register(amlRoutes(config.aml));
  await app.register(agentRoutes);
  await app.register(reportRoutes);
  await app.register(promoRoutes);
  await app.register(dualControlRoutes);
  await app.register(masterAgentRoutes);
  await app.register(kycRoutes);
  await app.register(statementRoutes());
  await app.register(responsibleGamingRoutes);
  await app.register(pushRoutes);
  registerDashboard(app);
  await app.register(notificationRoutes(inboxChanged));
  await registerRealtimeHub(app, options.realtime);
  leadership.whileLeading('notifications', () => notifications.lead());
  leadership.whileLeading('odds publisher', () => startOddsPublisher(toteDeps, app.log.child({ module: 'odds' })));
  leadership.whileLeading('pools publisher', () => startPoolsPublisher(toteDeps, app.log.child({ module: 'pools' })));
  if (config.demo) {
    const log = app.log.child({ module: 'simulator' });
    leadership.whileLeading('simulator', () =>
      startSimulator(toteDeps, {
        speed: config.simSpeed,
        log,
        lease: leadership.lease,
        crowd: config.demoCrowd ? { placement: betPlacement } : undefined,
      }),
    );
  }
  // Closed first (hooks run last-added first): the jobs stop before the pub/sub and the database close.
  app.addHook('onClose', async () => {
    await leadership.close();
    await leaseDb?.close();
  });
  await leadership.start();

  if (config.androidAppFile) {
    const file = path.join(config.dataDir, config.androidAppFile);
    app.get(`/${config.androidAppFile}`, { schema: { hide: true } }, (_request, reply) =>
      fs.existsSync(file)
        ? reply
            .type('application/vnd.android.package-archive')
            .header('content-disposition', `attachment; filename="${config.androidAppFile}"`)
            .send(fs.createReadStream(file))
        : reply.status(404).send({ statusCode: StatusCode.NOT_FOUND, statusMessage: 'App file not found.' }),
    );
  }

  await registerWebApp(app, config.webDistDir, allowedMethods);
  return app;
}

/** An address Fastify cannot decode (bad percent-encoding) is refused in the app's error shape too. */
function refuseMalformedAddress(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ statusCode: StatusCode.BAD_REQUEST, statusMessage: 'Malformed address.' });
}

/** Serves the built SPAs: /backoffice/* gets the back-office page, every other page path the player site. */
async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  allowedMethods: (url: string) => readonly string[] | undefined,
): Promise<void> {
  const hasWebBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // A route per file of the build, read once at start (a release is a new build and a restart). With a
      // catch-all instead, the plugin lists every folder of a request's path to check its spelling, on every
      // request: the assets folder's 800 names for each script a page loads.
      wildcard: false,
      cacheControl: false,
      // The build leaves a brotli and a gzip copy beside each text file (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, file) => void reply.header('cache-control', cacheControlOf(file)),
    });
    // The site root is a page, not the dist folder's listing.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  } else {
    app.log.warn({ distDir }, 'web build not found; serving the API only (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(url);
    if (allowed && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          statusCode: StatusCode.METHOD_NOT_ALLOWED,
          statusMessage: `${request.method} is not allowed on ${url}; it takes ${allowed.join(', ')}.`,
        });
    }
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (!isPage || !hasWebBuild) {
      return reply
        .status(404)
        .send({ statusCode: StatusCode.NOT_FOUND, statusMessage: `No route ${request.method} ${url}` });
    }
    const page = url === '/backoffice' || url.startsWith('/backoffice/') ? 'backoffice.html' : 'index.html';
    return reply.sendFile(page);
  });
}

/** Fixed names whose content changes with a release, checked on every visit like the pages. */
const CHECKED_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * Pages are checked on every visit (a release reaches players at once), and so are the service worker and
 * the web app manifest; built assets carry their content hash in the name, so a year's cache never serves
 * a stale one; other files (icons, the app) an hour.
 */
export function cacheControlOf(served: string): string {
  const file = served.replace(/\.(br|gz)$/, '');
  if (file.endsWith('.html') || CHECKED_FILES.has(path.basename(file))) return 'no-cache';
  if (file.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Outside production: no record when a request comes in, and one debug line when it is answered
 * ("GET /api/... 200 4ms", shown only with LOG_LEVEL=debug). A request that failed is logged as ever, with
 * its error, and so is every other line Fastify writes (errors, unknown routes).
 */
class BriefRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const path = request.url.split('?')[0] ?? request.url;
    request.log.debug(`${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  }
}
