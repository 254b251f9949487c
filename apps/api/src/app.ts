import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { createAccessLogModule } from './modules/access-log/access-log.module.ts';
import { createAppConfigModule } from './modules/app-config/app-config.module.ts';
import { createFlags } from './platform/flags.ts';
import { createAvailabilityModule } from './modules/availability/availability.module.ts';
import { createBookingMailModule } from './modules/booking-mail/booking-mail.module.ts';
import { createBookingsModule, upcomingSessionCount, type BookingsModule } from './modules/bookings/bookings.module.ts';
import { createClientsModule } from './modules/clients/clients.module.ts';
import { createMessagesModule } from './modules/messages/messages.module.ts';
import { createCalendarModule } from './modules/calendar/calendar.module.ts';
import { createRoomsModule } from './modules/rooms/rooms.module.ts';
import { createLiveSockets, registerLiveSockets } from './platform/http/live-sockets.ts';
import { createNotesModule } from './modules/notes/notes.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createMeasuresModule } from './modules/measures/measures.module.ts';
import { createReviewsModule } from './modules/reviews/reviews.module.ts';
import { createDirectoryModule } from './modules/directory/directory.module.ts';
import { createBankDetailsModule } from './modules/bank-details/bank-details.module.ts';
import { createClientProfileModule } from './modules/client-profile/client-profile.module.ts';
import { createCredentialsModule, type CredentialsModule } from './modules/credentials/credentials.module.ts';
import { createAnalyticsModule } from './modules/analytics/analytics.module.ts';
import { createContactModule } from './modules/contact/contact.module.ts';
import { createMailPreferencesModule } from './modules/mail-preferences/mail-preferences.module.ts';
import { createDataExportModule } from './modules/data-export/data-export.module.ts';
import { createDevMailboxModule } from './modules/dev-mailbox/dev-mailbox.module.ts';
import { createEarningsModule } from './modules/earnings/earnings.module.ts';
import { createFilesModule } from './modules/files/files.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createPaymentsModule, type PaymentsModule } from './modules/payments/payments.module.ts';
import { createPracticeDetailsModule } from './modules/practice-details/practice-details.module.ts';
import { createProviderProfileModule } from './modules/provider-profile/provider-profile.module.ts';
import { createReferenceModule } from './modules/reference/reference.module.ts';
import { createRegionsModule } from './modules/regions/regions.module.ts';
import { createUserModule } from './modules/user/user.module.ts';
import { createVerificationModule } from './modules/verification/verification.module.ts';
import { createWalletModule } from './modules/wallet/wallet.module.ts';
import { authPlugin } from './platform/auth/plugin.ts';
import { createAccessTokens } from './platform/auth/tokens.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createEventBus } from './platform/events.ts';
import { createFileService } from './platform/files/file-service.ts';
import { startJobs } from './platform/jobs.ts';
import { registerUploads } from './platform/files/uploads.ts';
import { startErrorReporting, type ErrorReporter } from './platform/error-reporting.ts';
import { registerErrorHandler, sendFrameworkError } from './platform/http/error-handler.ts';
import { redactSecrets } from './platform/http/log-redaction.ts';
import { registerMetrics } from './platform/http/metrics.ts';
import { rateLimitKey } from './platform/http/rate-limit-key.ts';
import { API_PREFIX, openApiOptions } from './platform/http/openapi.ts';
import { registerPrivateAnswers } from './platform/http/private-answers.ts';
import { registerHeaderChecks } from './platform/http/request-headers.ts';
import { registerTextChecks } from './platform/http/text-checks.ts';
import { internalRequestHeader, internalRequestToken, registerWebApp } from './platform/http/web-app.ts';
import { registerOriginRedirect } from './platform/http/origin-redirect.ts';
import { createMailQueue } from './platform/mail/mail-queue.ts';
import { createMailComposer } from './platform/mail/compose-mail.ts';
import { createUnsubscribeTokens } from './platform/mail/unsubscribe-token.ts';
import { createMailer, mailDomainOf, type Mailer } from './platform/mail/mailer.ts';
import { createPgRealtime } from './platform/realtime.ts';

/** The work that runs on a schedule, and the event bus, for tests that run them under the test clock. */
export interface ClockWork {
  waitlist: BookingsModule['waitlist'];
  /** The daily licence and insurance expiry check (issue 45). */
  credentialExpiry: CredentialsModule['runExpiryCheck'];
  /** Completes the sessions that have ended and pays their providers (the 5-minute job's run). */
  completeBookings: BookingsModule['completeEnded'];
  /** The weekly payout (Paystack's currencies, then Stripe Connect's: decision 0052). */
  weeklyPayout: PaymentsModule['runWeeklyPayout'];
  events: AppDeps['events'];
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  clock?: Clock;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them to prove what is never logged). */
  logStream?: { write(line: string): void };
  /** Prometheus metrics at /metrics; default on outside tests (tests that check /metrics turn it on). */
  metrics?: boolean;
  /** Where unexpected errors (and gateway events that need attention) are reported; default: Sentry when SENTRY_DSN is set. */
  errorReporter?: ErrorReporter;
  /** Tests and the demo's past: the clock work that runs on a schedule, to run it under their own clock. */
  clockWork?: (work: ClockWork) => void;
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** Plugins, then modules, then the error handler; no listen (tests use inject). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Links that are their own key (a calendar feed, a signed file or export URL, an invitation) never reach
            // a log line whole: every line is redacted just before it is written (platform/http/log-redaction.ts).
            hooks: { streamWrite: redactSecrets },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // A caller's own request id (a load balancer's) is kept only if it looks like one; anything else gets ours: a random
    // UUID (node's, drawn from a pool of random bytes; a time-ordered one asks WebCrypto for 16 bytes each time, which
    // costs several times more). Request ids are quoted and looked up, never ordered.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Timeslot identifiers travel in the path and are longer than Fastify's default of 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    // Errors the router raises before any route (a bad URL, an over-long parameter) get the same envelope too.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  const jobs = await startJobs(db.$client, app.log);
  const unsubscribeTokens = createUnsubscribeTokens(config.dataEncryptionKey);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const deps: AppDeps = {
    config,
    db,
    clock: opts.clock ?? systemClock,
    mailer,
    mail: createMailQueue({
      jobs,
      mailer,
      secret: config.dataEncryptionKey,
      composer: createMailComposer({
        appOrigin: config.appOrigin,
        mailDomain: mailDomainOf(config.mailFrom),
        tokens: unsubscribeTokens,
      }),
    }),
    tokens: createAccessTokens(config.jwtSecret),
    files: createFileService({ db, config, clock: opts.clock ?? systemClock }),
    jobs,
    events: createEventBus({ db, realtime: createPgRealtime(db), log: app.log }),
  };
  await deps.mail.start(app.log);
  // Workers stop taking jobs, and the event listener its connection, before the pool they use goes away.
  app.addHook('onClose', () => deps.jobs.stop());
  app.addHook('onClose', () => deps.events.close());

  // Once per process (one app per process outside tests); nothing is loaded without SENTRY_DSN. Tests may pass their own.
  const errorReporter =
    opts.errorReporter ??
    (await startErrorReporting({
      dsn: config.sentryDsn,
      environment: config.env,
      processErrors: config.env !== 'test',
    }));
  app.addHook('onClose', () => errorReporter.close());

  // The modules, in dependency order: each gets the public faces (`<m>.module.ts`) of the modules it uses, and
  // nothing else of them (lint enforces it). A module's routes and workers are its `plugin`, registered below.
  // The live channel's sockets (issue 18): modules send through them; their route is registered below.
  const liveSockets = createLiveSockets();
  // Signals from other instances may have been missed (the LISTEN connection was lost, and again once it listens):
  // every open tab reads again rather than wait for a message that will not come.
  deps.events.onCrossInstanceReset(() => liveSockets.resyncAll());
  const wallet = createWalletModule(deps);
  const users = createUserModule(deps, { wallet, upcomingSessions: upcomingSessionCount });
  const reference = createReferenceModule(deps);
  const availability = createAvailabilityModule(deps, { users });
  const practiceDetails = createPracticeDetailsModule(deps, { users, availability, wallet });
  const payments = createPaymentsModule(deps, { users, wallet, reporter: errorReporter });
  const bankDetails = createBankDetailsModule(deps, { users, wallet, payments });
  const credentials = createCredentialsModule(deps, { users });
  const providerProfile = createProviderProfileModule(deps, { users, reference, availability });
  // Verification gets every checklist step the feature modules offer (issue 14) and the credentials' documents for the
  // operator's review, and gates the slots the availability module offers.
  const verification = createVerificationModule(deps, {
    users,
    steps: [
      ...providerProfile.setupSteps,
      ...availability.setupSteps,
      ...credentials.setupSteps,
      ...practiceDetails.setupSteps,
      ...bankDetails.setupSteps,
    ],
    documents: credentials.reviewDocuments,
    summaryOf: providerProfile.summary,
    // The operator's desk shows, beside the documents, the profile, claimed states, fees and work history (issue 45).
    profileOf: providerProfile.reviewProfileOf,
    practice: practiceDetails,
  });
  const clients = createClientsModule(deps, { users });
  const bookings = createBookingsModule(deps, {
    availability,
    users,
    wallet,
    practiceDetails,
    isVerified: verification.isVerified,
    // A provider's appointment for a client without an account (decision 0053).
    records: {
      isRecordOf: clients.isRecordOf,
      recordsOf: clients.recordsOf,
      inviteUnlessInvited: clients.inviteUnlessInvited,
    },
  });
  // Mails and reminders follow the bookings' changes through the BookingFacts port, not the bookings module itself.
  const bookingMail = createBookingMailModule(deps, { users, facts: bookings.factsOf });
  // The notification centre (issue 47) follows the same changes, live over the sockets.
  const notifications = createNotificationsModule(deps, { facts: bookings.factsOf, live: liveSockets });
  const flags = await createFlags(config.flags);
  const directory = createDirectoryModule(deps, {
    nextFreeSlot: availability.nextFreeSlotOf,
    // The public page of a provider shows their work history and approved education (issue 47).
    practiceFacts: {
      workHistoryOf: practiceDetails.workHistoryOf,
      approvedEducationOf: credentials.approvedEducationOf,
      // The card's "from" price and the page's prices by the rule a booking is charged by (issue 48).
      pricesOf: practiceDetails.pricesOf,
    },
  });
  const clientProfile = createClientProfileModule(deps, { users, reference, isClientOf: clients.isClientOf });
  // Chat is between accounts: a practice record (decision 0053) has nobody to read it.
  const isAccountClientOf = async (providerId: string, clientId: string) =>
    (await clients.isClientOf(providerId, clientId)) && !(await clients.isRecordOf(providerId, clientId));
  const messages = createMessagesModule(deps, { users, isClientOf: isAccountClientOf, live: liveSockets });
  const notes = createNotesModule(deps, { users, bookingFacts: bookings.factsOf, isClientOf: clients.isClientOf });
  const measures = createMeasuresModule(deps, { users, isClientOf: clients.isClientOf });
  opts.clockWork?.({
    waitlist: bookings.waitlist,
    credentialExpiry: credentials.runExpiryCheck,
    completeBookings: bookings.completeEnded,
    weeklyPayout: payments.runWeeklyPayout,
    events: deps.events,
  });
  const calendar = createCalendarModule(deps, { users, calendarOf: bookings.calendarOf });
  const rooms = createRoomsModule(deps, { users, facts: bookings.factsOf, live: liveSockets });
  const reviews = createReviewsModule(deps, {
    participantFacts: bookings.participantFacts,
    markFeedbackProvided: bookings.markFeedbackProvided,
    bookingFacts: bookings.factsOf,
  });
  // The provider's earnings page reads the bookings, the ledger and the payouts (issue 46).
  const earnings = createEarningsModule(deps, {
    users,
    wallet,
    bookings,
    payouts: payments.providerPayouts,
  });
  const modules = [
    createHealthModule(deps),
    createAppConfigModule(deps, { flags }),
    users,
    createRegionsModule(deps),
    reference,
    createFilesModule(deps),
    clientProfile,
    providerProfile,
    availability,
    payments,
    bankDetails,
    credentials,
    wallet,
    practiceDetails,
    verification,
    bookings,
    earnings,
    bookingMail,
    notifications,
    reviews,
    directory,
    clients,
    notes,
    measures,
    createAccessLogModule(deps, { users, noteSummaries: notes.summariesOf }),
    messages,
    calendar,
    rooms,
    createDataExportModule(deps),
    createContactModule(deps),
    // Conversion events of credited top-ups and paid bookings, with the payer's consent (issue 49, decision 0067).
    createAnalyticsModule(deps, { facts: bookings.factsOf }),
    createMailPreferencesModule(deps, { tokens: unsubscribeTokens }),
  ];

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, errorReporter);
  registerPrivateAnswers(app);
  app.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  // Outside production: pages opened under another loopback name go to APP_ORIGIN, the one origin links return to.
  if (!config.isProduction) registerOriginRedirect(app, { appOrigin: config.appOrigin, port: config.port });

  // Pages and API answers over 1 KB are compressed for browsers that ask; built files are compressed at build time.
  // Answers up to 64 KB (every JSON answer) in one call: the per-answer zlib stream cost more than the compression
  // itself (issue 16, bench directory.search). Brotli's fast one-pass quality (1) and a 256 KB window: quality 2 and up
  // set up hash tables and a ring buffer for every answer, and in the running server that fresh memory costs page
  // faults on every answer, for answers only slightly smaller (decision 0043 has the figures).
  // Built files are compressed once at build time at the highest quality (vite.config.ts): this is JSON and pages only.
  const brotliParams = { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: brotliParams },
  });
  await app.register(cookie, { secret: config.jwtSecret });
  // The security headers, built once (@fastify/helmet builds helmet's whole middleware again for every request, with
  // its garbage) and set on every answer, 404s and errors included, as that plugin did.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The web app's error reports go straight to the DSN's host.
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : [])],
        frameSrc: ["'self'"],
        formAction: ["'self'", ...(config.oidc ? [new URL(config.oidc.issuer).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(cors, { origin: config.appOrigin, credentials: true });
  // Per-instance flood guard; the account-level limits that must hold across instances live in Postgres (auth_attempts).
  // The server renderer's in-process API calls (platform/http/web-app.ts) are the visitor's page view, not extra requests.
  const loopback = config.env === 'production' ? [] : ['127.0.0.1', '::1'];
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // A request may come with no address (a Unix socket, a connection already closed): never a 500 for that.
    keyGenerator: rateLimitKey,
    allowList: (req) => req.headers[internalRequestHeader] === internalRequestToken || loopback.includes(req.ip),
  });
  registerHeaderChecks(app);
  registerTextChecks(app);
  await registerUploads(app);
  // Every signed-in request checks its session in the database (one prepared statement), so ended sessions end at once.
  await app.register(authPlugin, { tokens: deps.tokens, clock: deps.clock, loadSession: users.loadSession });
  // The live channel (issue 18), before the OpenAPI document is collected: a WebSocket is not a JSON operation.
  // Its sockets close when their session ends, on every instance (`session.ended`), and every frame checks its session.
  await registerLiveSockets(app, liveSockets, {
    tokens: deps.tokens,
    clock: deps.clock,
    loadSession: users.loadSession,
    events: deps.events,
  });
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  if (opts.metrics ?? config.env !== 'test') await registerMetrics(app, config);

  const prefix = API_PREFIX;
  for (const m of modules) await app.register(m.plugin, { prefix });
  await app.register(directory.rootPlugin);
  if (!config.isProduction) await app.register(createDevMailboxModule(deps).plugin);

  await registerWebApp(app, {
    webDist: path.join(webRoot, 'dist'),
    serverEntry: path.join(webRoot, 'dist-server', 'entry-server.js'),
    enabled: config.serveWeb,
    origin: config.appOrigin,
  });
  return app;
}
