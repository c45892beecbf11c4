import { isValidCnpj, isValidEmail, isValidPixKey } from '@brazilian-utils/brazilian-utils';
import * as v from 'valibot';
import { logLevelOf, type LogLevel } from './platform/log';
import { metricsPortOf } from './platform/metrics';
import { shutdownTimeoutOf } from './platform/shutdown';
import { DEFAULT_LANES, type Lane } from './platform/queue/lanes';
import { DEV_EMAIL_FROM, parseEmailFrom, parseSmtpUrl, type EmailSetting } from './providers/messaging/email';

/**
 * Every environment variable the server reads, checked once at start-up (issue 28: fail closed).
 * A wrong value stops the start with a message that names the variable; production (the default)
 * refuses the local stand-ins and starts only with real providers, the secret, the public origin
 * and the company's identity. README's configuration table lists exactly these keys (a test checks).
 */

const DEVELOPMENT = 'development';
const PRODUCTION = 'production';

const text = (what: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(`must not be empty (${what})`));

/** A whole number written in decimal, between min and max. */
const wholeNumber = (min: number, max: number, unit: string) => v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d+$/, `must be a whole number of ${unit} between ${min} and ${max}`),
  v.transform(Number),
  v.minValue(min, `must be at least ${min} ${unit}`),
  v.maxValue(max, `must be at most ${max} ${unit}`),
);

const httpUrl = (what: string) => v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => { try { return ['http:', 'https:'].includes(new URL(s).protocol); } catch { return false; } }, `must be an http(s) URL (${what})`),
);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => v.picklist(values, `must be one of ${values.join(', ')}`);

/** A variable whose rule lives beside the code that uses it: that module's parser decides, its message says why. */
const parsedBy = <T>(parse: (raw: string) => T) => v.pipe(
  v.string(),
  v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
    try {
      return parse(dataset.value);
    } catch (e) {
      addIssue({ message: e instanceof Error ? e.message.replace(/^[A-Z0-9_]+ /, '') : String(e) });
      return NEVER;
    }
  }),
);

const flag = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(['true', 'false', '1', '0', ''], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1'),
);

/** The schema, one entry a variable. All are optional here; what production requires is checked after. */
export const SETTINGS_SCHEMA = v.object({
  APP_ENV: v.optional(oneOf([PRODUCTION, DEVELOPMENT]), PRODUCTION),
  PORT: v.optional(wholeNumber(0, 65_535, 'port'), '3000'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(|postgres(ql)?:\/\/.+)$/, 'must be a postgres:// URL'))),
  DATA_DIR: v.optional(text('a folder'), './data'),
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must have at least 32 characters'))),
  PUBLIC_ORIGIN: v.optional(httpUrl('the portal as browsers see it')),
  TRUST_PROXY: v.optional(parsedBy(trustProxyHops), '0'),
  ALTCHA_MAX_NUMBER: v.optional(wholeNumber(1_000, 10_000_000, 'hashes')),
  WEB_ROOT: v.optional(text('a folder')),
  QUEUE_POLL_MS: v.optional(wholeNumber(10, 60_000, 'milliseconds'), '500'),
  CODE_SENDS_PER_DAY: v.optional(wholeNumber(1, 10_000_000, 'messages'), '20000'),
  CODE_SENDS_PER_AREA_PER_DAY: v.optional(wholeNumber(1, 10_000_000, 'messages'), '5000'),
  PROCESS_ROLE: v.optional(oneOf(['all', 'web', 'worker']), 'all'),
  QUEUE_CODES_CONCURRENCY: v.optional(wholeNumber(1, 64, 'jobs'), String(DEFAULT_LANES.codes.concurrency)),
  QUEUE_BILLS_CONCURRENCY: v.optional(wholeNumber(1, 64, 'jobs'), String(DEFAULT_LANES.bills.concurrency)),
  QUEUE_WORK_CONCURRENCY: v.optional(wholeNumber(1, 64, 'jobs'), String(DEFAULT_LANES.work.concurrency)),
  QUEUE_STOP_TIMEOUT_MS: v.optional(wholeNumber(0, 600_000, 'milliseconds'), '10000'),
  MIGRATE_ON_START: v.optional(flag, 'true'),
  LOG_LEVEL: v.optional(parsedBy((raw) => logLevelOf({ LOG_LEVEL: raw })), 'info'),
  SHUTDOWN_TIMEOUT_MS: v.optional(parsedBy((raw) => shutdownTimeoutOf({ SHUTDOWN_TIMEOUT_MS: raw })), '25000'),
  METRICS_PORT: v.optional(parsedBy((raw) => metricsPortOf({ METRICS_PORT: raw }))),
  METRICS_HOST: v.optional(text('an address to listen on'), '0.0.0.0'),

  SMS_PROVIDER: v.optional(oneOf(['outbox', 'zenvia'])),
  ZENVIA_API_TOKEN: v.optional(text('the Zenvia token')),
  ZENVIA_FROM: v.optional(text('the Zenvia sender')),
  WHATSAPP_PROVIDER: v.optional(oneOf(['outbox', 'cloud', 'off'])),
  WHATSAPP_TOKEN: v.optional(text('the WhatsApp Cloud API token')),
  WHATSAPP_PHONE_NUMBER_ID: v.optional(text('the business phone number id')),
  WHATSAPP_TEMPLATE: v.optional(text('the approved template name')),
  WHATSAPP_LANGUAGE: v.optional(text('a template language such as pt_BR'), 'pt_BR'),
  EMAIL_PROVIDER: v.optional(oneOf(['outbox', 'smtp'])),
  SMTP_URL: v.optional(parsedBy(parseSmtpUrl)),
  EMAIL_FROM: v.optional(parsedBy(parseEmailFrom)),
  MAIL_CATCHER_PORT: v.optional(wholeNumber(0, 65_535, 'port'), '0'),

  PAYMENT_PROVIDER: v.optional(oneOf(['local', 'iugu'])),
  IUGU_API_TOKEN: v.optional(text('the Iugu API token')),
  IUGU_ACCOUNT_ID: v.optional(text('the Iugu account id')),
  IUGU_TEST_MODE: v.optional(flag, 'false'),
  IUGU_BASE_URL: v.optional(httpUrl('the Iugu API'), 'https://api.iugu.com'),
  IUGU_WEBHOOK_TOKEN: v.optional(text('the token of the Iugu trigger')),
  SIGNATURE_PROVIDER: v.optional(oneOf(['local', 'clicksign']), 'local'),
  CLICKSIGN_ACCESS_TOKEN: v.optional(text('the Clicksign token')),
  CLICKSIGN_WEBHOOK_SECRET: v.optional(text('the Clicksign webhook secret')),
  CLICKSIGN_BASE_URL: v.optional(httpUrl('the Clicksign API')),

  STORAGE: v.optional(oneOf(['local', 's3'])),
  S3_BUCKET: v.optional(text('the bucket')),
  S3_ENDPOINT: v.optional(httpUrl('the S3 endpoint')),
  S3_REGION: v.optional(text('the S3 region'), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(text('the S3 access key id')),
  S3_SECRET_ACCESS_KEY: v.optional(text('the S3 secret key')),
  S3_TIMEOUT_MS: v.optional(wholeNumber(100, 600_000, 'milliseconds'), '30000'),
  S3_MAX_ATTEMPTS: v.optional(wholeNumber(1, 10, 'tries'), '3'),

  VIACEP_URL: v.optional(httpUrl('a ViaCEP server'), 'https://viacep.com.br'),
  CEP_FALLBACK_URL: v.optional(v.union([v.pipe(v.string(), v.trim(), v.picklist(['none', ''])), httpUrl('a BrasilAPI server')], 'must be an http(s) URL or none'), 'https://brasilapi.com.br'),
  CEP_TIMEOUT_MS: v.optional(wholeNumber(100, 60_000, 'milliseconds'), '4000'),
  CEP_CACHE_TTL_S: v.optional(wholeNumber(0, 30 * 86_400, 'seconds'), '86400'),

  COMPANY_LEGAL_NAME: v.optional(text('the company legal name')),
  COMPANY_CNPJ: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => isValidCnpj(s, { version: 2 }), 'must be a valid CNPJ'))),
  COMPANY_ADDRESS: v.optional(text('the registered address')),
  COMPANY_PIX_KEY: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => isValidPixKey(s), 'must be a valid Pix key (CPF, CNPJ, e-mail, +55 phone or random key)'))),
  COMPANY_WHATSAPP: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^55\d{10,11}$/, 'must be the number with country code, digits only (55 + DDD + number)'))),
  COMPANY_SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => isValidEmail(s), 'must be an e-mail address'))),
});

export type SettingKey = keyof typeof SETTINGS_SCHEMA.entries;
export const SETTING_KEYS = Object.keys(SETTINGS_SCHEMA.entries) as SettingKey[];

/** The company as printed on contracts and invoices and shown to customers. */
export interface CompanyIdentity {
  legalName: string;
  cnpj: string;
  address: string;
  pixKey: string;
  /** digits with the country code: 5511999999999 */
  whatsapp: string;
  supportEmail: string;
}

/** What the local start prints on contracts: plainly an example, never a real company. */
export const EXAMPLE_COMPANY: CompanyIdentity = {
  legalName: 'Empresa Exemplo de Energia Solar Ltda. (exemplo)',
  cnpj: '11.222.333/0001-81',
  address: 'Rua Exemplo, 100 - Centro, São Paulo - SP, 01000-000 (endereço de exemplo)',
  pixKey: 'pix@exemplo.com.br',
  whatsapp: '5511900000000',
  supportEmail: 'suporte@exemplo.com.br',
};

type Parsed = v.InferOutput<typeof SETTINGS_SCHEMA>;

export interface Settings {
  production: boolean;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  /** absent outside production: one is kept in DATA_DIR (platform/secret.ts) */
  appSecret: string | null;
  publicOrigin: string | null;
  trustProxy: number;
  altchaMaxNumber: number;
  /** null: dist/web beside the app (platform/appRoot.ts) */
  webRoot: string | null;
  queuePollMs: number;
  /** web: the portal without the queue's worker; worker: the worker (and the probes) without the portal; all: both */
  role: 'all' | 'web' | 'worker';
  /** jobs each lane runs at once in this process (platform/queue/lanes.ts) */
  queueConcurrency: Record<Lane, number>;
  /** how long a stopping worker lets its jobs finish before handing them back to the queue */
  queueStopTimeoutMs: number;
  /** the daily budget of code messages, all phones and per area code (auth/codes.ts) */
  codeBudget: { perDay: number; perAreaPerDay: number };
  /** false: the migrations are applied beforehand (`npm run migrate`), not by each starting instance */
  migrateOnStart: boolean;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  /** the Prometheus endpoint's own port; null: no metrics server */
  metricsPort: number | null;
  metricsHost: string;
  sms: 'outbox' | 'zenvia';
  whatsapp: 'outbox' | 'cloud' | 'off';
  /** catcher: the development SMTP server on 127.0.0.1 that writes what it gets into the outbox */
  email: 'outbox' | 'smtp' | 'catcher';
  /** the transport, built from the choice (the catcher's port and sender, or the SMTP target) */
  emailSetting: EmailSetting;
  payments: 'local' | 'iugu';
  signatures: 'local' | 'clicksign';
  company: CompanyIdentity;
  /** the development aids that are on, for the start-up log (empty in production) */
  standIns: string[];
  /** the checked variables, for the providers' own constructors */
  env: Parsed;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`the settings are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Reads and checks the environment; throws SettingsError naming every wrong variable. */
export function loadSettings(env: NodeJS.ProcessEnv): Settings {
  // an empty variable is an unset one (compose files and shells write VAR= for "nothing")
  const given = Object.fromEntries(SETTING_KEYS.flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])));
  const result = v.safeParse(SETTINGS_SCHEMA, given);
  if (!result.success) {
    throw new SettingsError(result.issues.map((issue) => {
      const key = issue.path?.[0]?.key;
      return typeof key === 'string' ? `${key}: ${issue.message} (got "${shown(key, env[key])}")` : issue.message;
    }));
  }
  const s = result.output;
  const production = s.APP_ENV === PRODUCTION;
  const problems: string[] = [];
  const need = (key: SettingKey, why: string) => { if (s[key] === undefined) problems.push(`${key}: is required ${why}`); };
  const refuse = (key: SettingKey, why: string) => problems.push(`${key}: ${why}`);

  const sms = s.SMS_PROVIDER ?? (production ? undefined : 'outbox');
  const whatsapp = s.WHATSAPP_PROVIDER ?? (production ? 'off' : 'outbox');
  const email = s.EMAIL_PROVIDER ?? (s.SMTP_URL ? 'smtp' : production ? undefined : 'catcher');
  const payments = s.PAYMENT_PROVIDER ?? (production ? undefined : 'local');

  if (production) {
    need('APP_SECRET', 'in production (at least 32 random characters, the same on every instance)');
    need('PUBLIC_ORIGIN', 'in production (the portal\'s https origin as browsers see it)');
    if (s.PUBLIC_ORIGIN && new URL(s.PUBLIC_ORIGIN).protocol !== 'https:') refuse('PUBLIC_ORIGIN', 'must be https in production');
    if (sms === undefined) refuse('SMS_PROVIDER', 'is required in production (zenvia); the outbox stand-in is for development');
    if (sms === 'outbox') refuse('SMS_PROVIDER', 'outbox is a development stand-in: refused in production');
    if (whatsapp === 'outbox') refuse('WHATSAPP_PROVIDER', 'outbox is a development stand-in: refused in production');
    if (email === undefined) refuse('EMAIL_PROVIDER', 'is required in production (smtp with SMTP_URL and EMAIL_FROM)');
    if (email === 'outbox') refuse('EMAIL_PROVIDER', 'outbox is a development stand-in: refused in production');
    if (payments === undefined) refuse('PAYMENT_PROVIDER', 'is required in production (iugu); the local sandbox charges nothing');
    if (payments === 'local') refuse('PAYMENT_PROVIDER', 'local is the payment sandbox, which charges nothing: refused in production');
    if (s.IUGU_TEST_MODE) refuse('IUGU_TEST_MODE', 'takes test cards: refused in production');
    for (const key of ['COMPANY_LEGAL_NAME', 'COMPANY_CNPJ', 'COMPANY_ADDRESS', 'COMPANY_PIX_KEY', 'COMPANY_WHATSAPP', 'COMPANY_SUPPORT_EMAIL'] as const) {
      need(key, 'in production (printed on contracts and invoices, shown to customers)');
    }
  }
  if (sms === 'zenvia') { need('ZENVIA_API_TOKEN', 'with SMS_PROVIDER=zenvia'); need('ZENVIA_FROM', 'with SMS_PROVIDER=zenvia'); }
  if (whatsapp === 'cloud') {
    for (const key of ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TEMPLATE'] as const) need(key, 'with WHATSAPP_PROVIDER=cloud');
  }
  if (email === 'smtp') { need('SMTP_URL', 'with EMAIL_PROVIDER=smtp'); need('EMAIL_FROM', 'with EMAIL_PROVIDER=smtp'); }
  if (payments === 'iugu') need('IUGU_API_TOKEN', 'with PAYMENT_PROVIDER=iugu');
  if (s.SIGNATURE_PROVIDER === 'clicksign') {
    need('CLICKSIGN_ACCESS_TOKEN', 'with SIGNATURE_PROVIDER=clicksign');
    need('CLICKSIGN_WEBHOOK_SECRET', 'with SIGNATURE_PROVIDER=clicksign');
  }
  // the embedded database is one process's: splitting the roles needs PostgreSQL
  if (s.PROCESS_ROLE !== 'all' && !s.DATABASE_URL) refuse('PROCESS_ROLE', `${s.PROCESS_ROLE} needs DATABASE_URL (the embedded database serves one process, which runs both roles)`);
  // STORAGE against S3_BUCKET and DATABASE_URL: the storage's own rule (providers/storage storageFromEnv)
  if (s.S3_BUCKET) {
    need('S3_ACCESS_KEY_ID', 'with S3_BUCKET');
    need('S3_SECRET_ACCESS_KEY', 'with S3_BUCKET');
  }
  if (problems.length > 0) throw new SettingsError(problems);

  const standIns = production ? [] : [
    '/dev/outbox (what the stand-ins sent; loopback clients only)',
    ...(sms === 'outbox' ? ['SMS to the outbox'] : []),
    ...(whatsapp === 'outbox' ? ['WhatsApp to the outbox'] : []),
    ...(email === 'outbox' ? ['e-mail to the outbox'] : []),
    ...(email === 'catcher' ? ['e-mail to the local mail catcher (a real SMTP server on 127.0.0.1; what it gets is in /dev/outbox)'] : []),
    ...(payments === 'local' ? ['payments in the local sandbox (nothing is charged; the invoice has a pay button)'] : []),
    ...(s.COMPANY_LEGAL_NAME ? [] : ['the example company on contracts and invoices']),
  ];
  return {
    production,
    port: s.PORT,
    databaseUrl: s.DATABASE_URL || null,
    dataDir: s.DATA_DIR,
    appSecret: s.APP_SECRET ?? null,
    publicOrigin: s.PUBLIC_ORIGIN ? new URL(s.PUBLIC_ORIGIN).origin : null,
    trustProxy: s.TRUST_PROXY,
    // the bot check's cost: the widget tries up to this many hashes (about a second on a phone at 100k)
    altchaMaxNumber: s.ALTCHA_MAX_NUMBER ?? (production ? 100_000 : 5_000),
    webRoot: s.WEB_ROOT ?? null,
    queuePollMs: s.QUEUE_POLL_MS,
    role: s.PROCESS_ROLE,
    queueConcurrency: { codes: s.QUEUE_CODES_CONCURRENCY, bills: s.QUEUE_BILLS_CONCURRENCY, work: s.QUEUE_WORK_CONCURRENCY },
    queueStopTimeoutMs: s.QUEUE_STOP_TIMEOUT_MS,
    codeBudget: { perDay: s.CODE_SENDS_PER_DAY, perAreaPerDay: s.CODE_SENDS_PER_AREA_PER_DAY },
    migrateOnStart: s.MIGRATE_ON_START,
    logLevel: s.LOG_LEVEL,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
    metricsPort: s.METRICS_PORT ?? null,
    metricsHost: s.METRICS_HOST,
    sms: sms ?? 'zenvia',
    whatsapp,
    email: email ?? 'smtp',
    emailSetting: email === 'outbox' ? { kind: 'outbox' }
      : email === 'catcher' ? { kind: 'catcher', from: s.EMAIL_FROM ?? DEV_EMAIL_FROM, port: s.MAIL_CATCHER_PORT }
      // required above whenever e-mail goes out by SMTP
      : { kind: 'smtp', target: s.SMTP_URL!, from: s.EMAIL_FROM! },
    payments: payments ?? 'iugu',
    signatures: s.SIGNATURE_PROVIDER,
    company: {
      legalName: s.COMPANY_LEGAL_NAME ?? EXAMPLE_COMPANY.legalName,
      cnpj: s.COMPANY_CNPJ ?? EXAMPLE_COMPANY.cnpj,
      address: s.COMPANY_ADDRESS ?? EXAMPLE_COMPANY.address,
      pixKey: s.COMPANY_PIX_KEY ?? EXAMPLE_COMPANY.pixKey,
      whatsapp: s.COMPANY_WHATSAPP ?? EXAMPLE_COMPANY.whatsapp,
      supportEmail: s.COMPANY_SUPPORT_EMAIL ?? EXAMPLE_COMPANY.supportEmail,
    },
    standIns,
    env: s,
  };
}

/**
 * TRUST_PROXY as a number of trusted proxy hops: unset, empty, `0` or `false` none; `true` one;
 * a whole number that many. Anything else stops the start-up rather than guess who to trust.
 */
export function trustProxyHops(raw: string | undefined): number {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  throw new Error('TRUST_PROXY must be a number of trusted proxy hops (0, 1, 2...) or true/false');
}

/** A refused value as the message may repeat it: secrets and tokens never, others cut short. */
function shown(key: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (/SECRET|TOKEN|KEY|PASSWORD|DATABASE_URL|SMTP_URL/.test(key)) return '(hidden)';
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}
