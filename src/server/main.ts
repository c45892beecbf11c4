import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { describeError, maskPersonalData } from './http/errors';
import { codeJobs } from './auth/delivery';
import { DEFAULT_LIMITS, systemClock, trustProxyHops, type AppDeps } from './config';
import { openDatabase } from './platform/db/index';
import { loadReferenceData } from './platform/db/reference';
import { providersFromEnv } from './providers/messaging/index';
import { appSecret } from './platform/secret';
import { appRoot } from './platform/appRoot';
import { createWorker } from './platform/queue/queue';
import { cleanUpAfterCrash, purgeExpired } from './platform/maintenance';
import { removeUnpostedAttachments } from './project/service';
import { busyMessage, DataDirBusyError, lockDataDir, type DataDirLock } from './platform/dataDirLock';
import { billJobs } from './bill/service';
import { storageFromEnv } from './providers/storage/index';
import { cepLookupFromEnv } from './providers/cep/index';
import { invoicesFromEnv, paymentsFromEnv } from './providers/payments/index';
import { signaturesFromEnv } from './providers/signature/index';
import { spendPaymentToken } from './checkout/service';

async function main(): Promise<void> {
  const env = process.env;
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const secret = appSecret(env, dataDir, production); // fail fast, before touching the database
  const trustProxy = trustProxyHops(env.TRUST_PROXY);
  // the embedded database takes one process at a time: hold DATA_DIR while serving (the staff CLI
  // and a second server refuse to open it meanwhile)
  let dataLock: DataDirLock | null = null;
  if (!env.DATABASE_URL) {
    try {
      dataLock = lockDataDir(dataDir, 'server');
    } catch (e) {
      if (e instanceof DataDirBusyError) {
        console.error(busyMessage(e));
        process.exit(1);
      }
      throw e;
    }
  }
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'pglite') });
  await database.migrate();
  await loadReferenceData(database.db);

  const clock = systemClock;
  const deps: AppDeps = {
    db: database.db,
    clock,
    secret,
    providers: providersFromEnv(env, database.db, clock),
    // The bot check's cost: the widget tries up to this many hashes (about a second on a phone at 100k).
    altchaMaxNumber: Number(env.ALTCHA_MAX_NUMBER ?? (production ? 100_000 : 5_000)),
    production,
    limits: DEFAULT_LIMITS,
    trustProxy,
    webRoot: env.WEB_ROOT ? resolve(env.WEB_ROOT) : join(appRoot(), 'dist', 'web'),
    storage: storageFromEnv(env, dataDir),
    cep: cepLookupFromEnv(env, clock),
    payments: paymentsFromEnv(env, secret, { clock, usedTokens: spendPaymentToken(database.db, clock) }),
    invoices: invoicesFromEnv(env, { clock, secret }),
    ...(env.IUGU_WEBHOOK_TOKEN ? { paymentWebhookToken: env.IUGU_WEBHOOK_TOKEN } : {}),
    signatures: signaturesFromEnv(env),
    ...(env.PUBLIC_ORIGIN ? { publicOrigin: new URL(env.PUBLIC_ORIGIN).origin } : {}),
  };
  if (production && !env.PAYMENT_PROVIDER) console.warn('PAYMENT_PROVIDER is not set: cards go to the local sandbox, which charges nothing.');
  if (!existsSync(join(deps.webRoot ?? '', 'index.html'))) {
    console.warn(`No built SPA at ${deps.webRoot}; run \`npm run build\` (npm start does). Serving the API only.`);
  }

  // a job's failure is logged without a query's SQL and parameters, and with personal data masked
  const jobLog = (m: string) => console.warn(maskPersonalData(m.replace(/Failed query:[\s\S]*/, 'a database query failed')));
  // what a crash left: partial staging files, and jobs (a bill analysis) its worker held
  const cleaned = await cleanUpAfterCrash(deps, { everyLease: database.kind === 'pglite' });
  if (cleaned.stagingFiles || cleaned.files || cleaned.jobs) {
    console.log(`start-up: removed ${cleaned.stagingFiles} partial upload(s) and ${cleaned.files} file(s) stored without their row, requeued ${cleaned.jobs} interrupted job(s)`);
  }
  const worker = createWorker(database.db, clock, { ...codeJobs(deps), ...billJobs(deps) }, jobLog);
  worker.start(Number(env.QUEUE_POLL_MS ?? 500));
  const purge = () => purgeExpired(deps).then(() => removeUnpostedAttachments(deps)).catch((e: unknown) => console.warn(`purge: ${describeError(e)}`));
  void purge();
  const purgeTimer = setInterval(() => void purge(), 3600_000);
  purgeTimer.unref();

  const server = serve({ fetch: createApp(deps).fetch, port }, (info) => {
    console.log(`Portal at http://localhost:${info.port}/ (API http://localhost:${info.port}/api/v1, ${database.kind === 'pglite' ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL'})`);
  });

  const shutdown = async () => {
    server.close();
    await worker.stop();
    await database.close();
    dataLock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((e: unknown) => {
  console.error(`start-up failed: ${describeError(e)}`);
  process.exit(1);
});
