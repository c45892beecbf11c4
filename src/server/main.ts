import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { describeError, maskPersonalData } from './http/errors';
import { codeJobs } from './auth/delivery';
import { DEFAULT_LIMITS, systemClock, type AppDeps } from './config';
import { processReactions } from './process/reactions';
import { loadSettings, SettingsError } from './settings';
import { openDatabase } from './platform/db/index';
import { loadReferenceData } from './platform/db/reference';
import { providersFromSettings } from './providers/messaging/index';
import { outboxEmail, type EmailProvider } from './providers/messaging/index';
import { smtpEmail, type EmailSetting } from './providers/messaging/email';
import { emailJobs } from './notification/jobs';
import { emailChangeJobs } from './profile/emailChange';
import type { MailCatcher } from './dev/mailCatcher';
import { appSecret } from './platform/secret';
import { appRoot } from './platform/appRoot';
import { createWorker } from './platform/queue/queue';
import { cleanUpAfterCrash, purgeExpired, purgeOnce } from './platform/maintenance';
import { removeUnpostedAttachments } from './project/service';
import { busyMessage, DataDirBusyError, lockDataDir, type DataDirLock } from './platform/dataDirLock';
import { billJobs } from './bill/service';
import { storageFromEnv } from './providers/storage/index';
import { cepLookupFromEnv } from './providers/cep/index';
import { invoicesFromEnv, paymentsFromEnv } from './providers/payments/index';
import { signaturesFromEnv } from './providers/signature/index';
import { spendPaymentToken } from './checkout/service';
import { configureLogger, log } from './platform/log';
import { startMetricsServer } from './platform/metrics';
import { createReadiness } from './platform/health';
import { drainServer } from './platform/shutdown';
import { probeRoutes } from './http/probes';

const PURGE_PERIOD_MS = 3600_000;

async function main(): Promise<void> {
  const env = process.env;
  // every variable checked before anything starts: a wrong one stops here, named (settings.ts)
  const settings = loadSettings(env);
  configureLogger({ level: settings.logLevel });
  const { production, port, trustProxy, shutdownTimeoutMs, metricsPort, metricsHost } = settings;
  const dataDir = resolve(settings.dataDir);
  const secret = appSecret(env, dataDir, production); // fail fast, before touching the database
  if (settings.standIns.length > 0) {
    log().warn({ stand_ins: settings.standIns }, `DEVELOPMENT MODE (APP_ENV=development), not for customers. Stand-ins on: ${settings.standIns.join('; ')}`);
  }
  // codes are written down in clear (the outbox's code column) only outside production
  const keepCodes = !production;
  // the embedded database takes one process at a time: hold DATA_DIR while serving (the staff CLI
  // and a second server refuse to open it meanwhile)
  let dataLock: DataDirLock | null = null;
  if (!settings.databaseUrl) {
    try {
      dataLock = lockDataDir(dataDir, 'server');
    } catch (e) {
      if (e instanceof DataDirBusyError) {
        log().fatal(busyMessage(e));
        process.exit(1);
      }
      throw e;
    }
  }
  const database = await openDatabase(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { pgliteDir: join(dataDir, 'pglite') });
  if (settings.migrateOnStart) await database.migrate();
  await loadReferenceData(database.db);

  const clock = systemClock;
  const readiness = createReadiness();
  const mail = await emailOf(settings.emailSetting, database.db, clock, keepCodes);
  const deps: AppDeps = {
    db: database.db,
    clock,
    reactions: processReactions,
    secret,
    providers: providersFromSettings(settings, database.db, clock, { keepCodes, email: mail.provider }),
    altchaMaxNumber: settings.altchaMaxNumber,
    production,
    limits: { ...DEFAULT_LIMITS, sendsPerDay: settings.codeBudget.perDay, sendsPerAreaPerDay: settings.codeBudget.perAreaPerDay },
    trustProxy,
    webRoot: settings.webRoot ? resolve(settings.webRoot) : join(appRoot(), 'dist', 'web'),
    storage: storageFromEnv(env, dataDir, { production }),
    cep: cepLookupFromEnv(env, clock),
    payments: paymentsFromEnv(env, secret, { clock, usedTokens: spendPaymentToken(database.db, clock) }),
    invoices: invoicesFromEnv(env, { clock, secret }),
    ...(env.IUGU_WEBHOOK_TOKEN ? { paymentWebhookToken: env.IUGU_WEBHOOK_TOKEN } : {}),
    signatures: signaturesFromEnv(env, undefined, { production }),
    company: settings.company,
    ...(settings.publicOrigin ? { publicOrigin: settings.publicOrigin } : {}),
    readiness,
  };
  if (!existsSync(join(deps.webRoot ?? '', 'index.html'))) {
    log().warn(`No built SPA at ${deps.webRoot}; run \`npm run build\` (npm start does). Serving the API only.`);
  }

  // a job's failure is logged without a query's SQL and parameters, and with personal data masked
  const jobLog = (m: string) => log().warn(maskPersonalData(m.replace(/Failed query:[\s\S]*/, 'a database query failed')));
  // what a crash left: partial staging files, and jobs (a bill analysis) its worker held
  const cleaned = await cleanUpAfterCrash(deps, { everyLease: database.kind === 'pglite' });
  if (cleaned.stagingFiles || cleaned.files || cleaned.jobs) {
    log().info(`start-up: removed ${cleaned.stagingFiles} partial upload(s) and ${cleaned.files} file(s) stored without their row, requeued ${cleaned.jobs} interrupted job(s)`);
  }
  // PROCESS_ROLE: a web instance serves the portal and leaves the jobs to worker instances
  const runsWorker = settings.role !== 'web';
  const worker = runsWorker
    ? createWorker(database.db, clock, { ...codeJobs(deps), ...billJobs(deps), ...emailJobs(deps), ...emailChangeJobs(deps) }, {
      log: jobLog,
      lanes: Object.fromEntries(Object.entries(settings.queueConcurrency).map(([lane, concurrency]) => [lane, { concurrency }])),
      stopTimeoutMs: settings.queueStopTimeoutMs,
    })
    : null;
  worker?.start(settings.queuePollMs);
  if (settings.role !== 'all') log().info({ role: settings.role, lanes: settings.queueConcurrency }, `process role: ${settings.role}`);
  // one instance of those sharing the database purges per hour (maintenance_runs tells which, when)
  const purge = () => purgeOnce(database, clock, PURGE_PERIOD_MS, async () => { await purgeExpired(deps); await removeUnpostedAttachments(deps); })
    .then((outcome) => {
      if (outcome.ran) log().info('purge: done on this instance');
      else if (outcome.reason === 'busy') log().info('purge: skipped, another instance is purging');
      else log().info(`purge: skipped, done by ${outcome.instance} at ${outcome.at.toISOString()}`);
    })
    .catch((e: unknown) => log().warn(`purge: ${describeError(e)}`));
  // the purge goes with the worker (one instance of those sharing the database runs it each hour)
  if (runsWorker) void purge();
  const purgeTimer = runsWorker ? setInterval(() => void purge(), PURGE_PERIOD_MS) : undefined;
  purgeTimer?.unref();

  // a worker answers the probes alone on PORT; the others serve the portal
  const fetch = settings.role === 'worker' ? probeRoutes(deps).fetch : createApp(deps).fetch;
  const server = serve({ fetch, port }, (info) => {
    const where = database.kind === 'pglite' ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL';
    if (settings.role === 'worker') log().info(`Queue worker (probes at http://localhost:${info.port}/healthz and /readyz, ${where})`);
    else log().info(`Portal at http://localhost:${info.port}/ (API http://localhost:${info.port}/api/v1, ${where})`);
  });

  const metricsServer = metricsPort === null ? null : await startMetricsServer({ db: database.db, now: () => clock.now(), port: metricsPort, host: metricsHost });
  if (metricsServer) log().info(`Metrics at http://${metricsHost}:${metricsPort}/metrics`);

  // docs/operations.md "Shutdown": not ready first, no new connections, in-flight requests finish
  // (SHUTDOWN_TIMEOUT_MS at most), the worker ends its jobs, then the database closes
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.draining = true;
    log().info({ signal }, 'shutdown: draining');
    const drained = await drainServer(server, shutdownTimeoutMs);
    if (!drained) log().warn({ timeout_ms: shutdownTimeoutMs }, 'shutdown: requests still in flight at the timeout were cut');
    clearInterval(purgeTimer);
    const stopped = await worker?.stop();
    if (stopped) log().info(stopped, stopped.handedBack ? 'shutdown: worker stopped, jobs still running handed back to the queue' : 'shutdown: worker stopped');
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await mail.catcher?.close();
    await database.close();
    dataLock?.release();
    log().info('shutdown: done');
    process.exit(0);
  };
  const onSignal = (signal: string) => {
    shutdown(signal).catch((e: unknown) => {
      log().fatal(`shutdown failed: ${describeError(e)}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/**
 * The e-mail provider the settings ask for; the development catcher (a real SMTP server on
 * 127.0.0.1 writing into the outbox) is started here, so `npm start` sends real SMTP locally.
 */
async function emailOf(setting: EmailSetting, db: AppDeps['db'], clock: AppDeps['clock'], keepCodes: boolean): Promise<{ provider: EmailProvider; catcher?: MailCatcher }> {
  switch (setting.kind) {
    case 'smtp':
      return { provider: smtpEmail({ target: setting.target, from: setting.from }) };
    case 'outbox':
      return { provider: outboxEmail(db, clock, { keepCodes }) };
    case 'catcher': {
      const { startMailCatcher } = await import('./dev/mailCatcher');
      const catcher = await startMailCatcher({ db, clock, port: setting.port, keepCodes, log: (m) => log().warn(m) });
      log().info(`E-mail: development mail catcher on smtp://127.0.0.1:${catcher.port} (messages in GET /dev/outbox)`);
      return { provider: smtpEmail({ target: { host: '127.0.0.1', port: catcher.port, secure: false }, from: setting.from }), catcher };
    }
  }
}

main().catch((e: unknown) => {
  // a settings error names its variables and never a secret's value: shown whole
  log().fatal(e instanceof SettingsError ? `start-up refused: ${e.message}` : `start-up failed: ${describeError(e)}`);
  process.exit(1);
});
