import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EXAMPLE_COMPANY, loadSettings, SETTING_KEYS, SettingsError, type SettingKey } from '../../src/server/settings';
import { PRODUCTION_ENV } from '../support/productionEnv';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (e) {
    expect(e).toBeInstanceOf(SettingsError);
    return (e as SettingsError).problems;
  }
  return [];
}

const named = (problems: string[], key: SettingKey) => problems.some((p) => p.startsWith(`${key}:`));

describe('settings: production is the default and fails closed', () => {
  test('with nothing set, the start is refused, naming every missing setting', () => {
    const problems = problemsOf({});
    for (const key of ['APP_SECRET', 'PUBLIC_ORIGIN', 'SMS_PROVIDER', 'EMAIL_PROVIDER', 'PAYMENT_PROVIDER', 'COMPANY_LEGAL_NAME', 'COMPANY_CNPJ',
      'COMPANY_ADDRESS', 'COMPANY_PIX_KEY', 'COMPANY_WHATSAPP', 'COMPANY_SUPPORT_EMAIL'] as const) {
      expect(named(problems, key), `${key} in ${problems.join(' | ')}`).toBe(true);
    }
  });

  test('a complete production environment starts with no stand-in on', () => {
    const s = loadSettings(PRODUCTION_ENV);
    expect(s).toMatchObject({ production: true, sms: 'zenvia', email: 'smtp', payments: 'iugu', whatsapp: 'off', standIns: [] });
    expect(s.company.cnpj).toBe('11.444.777/0001-61');
    expect(s.altchaMaxNumber).toBe(100_000);
  });

  test.each([
    ['SMS_PROVIDER', 'outbox'],
    ['WHATSAPP_PROVIDER', 'outbox'],
    ['EMAIL_PROVIDER', 'outbox'],
    ['PAYMENT_PROVIDER', 'local'],
    ['IUGU_TEST_MODE', 'true'],
  ] as const)('every development stand-in is refused in production: %s=%s', (key, value) => {
    expect(named(problemsOf({ ...PRODUCTION_ENV, [key]: value }), key)).toBe(true);
  });

  test.each([
    'APP_SECRET', 'PUBLIC_ORIGIN', 'SMS_PROVIDER', 'EMAIL_PROVIDER', 'PAYMENT_PROVIDER',
    'COMPANY_LEGAL_NAME', 'COMPANY_CNPJ', 'COMPANY_ADDRESS', 'COMPANY_PIX_KEY', 'COMPANY_WHATSAPP', 'COMPANY_SUPPORT_EMAIL',
  ] as const)('production refuses to start without %s', (key) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV };
    delete env[key];
    if (key === 'EMAIL_PROVIDER') delete env.SMTP_URL; // an SMTP_URL alone chooses smtp
    expect(named(problemsOf(env), key)).toBe(true);
  });

  test('a real provider needs its credentials, in production as anywhere', () => {
    const { ZENVIA_FROM: _from, ...noSender } = PRODUCTION_ENV;
    expect(named(problemsOf(noSender), 'ZENVIA_FROM')).toBe(true);
    expect(named(problemsOf({ ...PRODUCTION_ENV, WHATSAPP_PROVIDER: 'cloud' }), 'WHATSAPP_TOKEN')).toBe(true);
    expect(named(problemsOf({ ...PRODUCTION_ENV, SIGNATURE_PROVIDER: 'clicksign' }), 'CLICKSIGN_WEBHOOK_SECRET')).toBe(true);
    expect(named(problemsOf({ ...PRODUCTION_ENV, S3_BUCKET: 'uploads' }), 'S3_ACCESS_KEY_ID')).toBe(true);
  });

  test('the public origin must be https in production', () => {
    expect(named(problemsOf({ ...PRODUCTION_ENV, PUBLIC_ORIGIN: 'http://portal.empresa.com.br' }), 'PUBLIC_ORIGIN')).toBe(true);
  });
});

describe('settings: a malformed value stops the start and names its variable', () => {
  const malformed: [SettingKey, string][] = [
    ['APP_ENV', 'prod'],
    ['PORT', 'abc'], ['PORT', '70000'],
    ['QUEUE_POLL_MS', 'abc'], ['QUEUE_POLL_MS', '0'], ['QUEUE_POLL_MS', '1.5'],
    ['CEP_TIMEOUT_MS', 'abc'], ['CEP_CACHE_TTL_S', '-1'], ['ALTCHA_MAX_NUMBER', '10'],
    ['TRUST_PROXY', 'yes'], ['DATABASE_URL', 'mysql://x'], ['PUBLIC_ORIGIN', 'portal.example'],
    ['SMS_PROVIDER', 'twilio'], ['WHATSAPP_PROVIDER', 'on'], ['EMAIL_PROVIDER', 'sendmail'], ['PAYMENT_PROVIDER', 'iugo'],
    ['SIGNATURE_PROVIDER', 'docusign'], ['SMTP_URL', 'http://mail'], ['IUGU_TEST_MODE', 'maybe'], ['IUGU_BASE_URL', 'api.iugu.com'],
    ['VIACEP_URL', 'viacep'], ['CEP_FALLBACK_URL', 'off'], ['S3_ENDPOINT', 's3'], ['CLICKSIGN_BASE_URL', 'clicksign'],
    ['COMPANY_CNPJ', '11.444.777/0001-62'], ['COMPANY_PIX_KEY', 'not a key'], ['COMPANY_WHATSAPP', '(11) 98765-4321'],
    ['COMPANY_SUPPORT_EMAIL', 'suporte'], ['APP_SECRET', 'short'],
    ['PROCESS_ROLE', 'both'], ['QUEUE_CODES_CONCURRENCY', 'abc'], ['QUEUE_CODES_CONCURRENCY', '0'], ['QUEUE_BILLS_CONCURRENCY', '2.5'],
    ['QUEUE_WORK_CONCURRENCY', '1000'], ['QUEUE_STOP_TIMEOUT_MS', 'ten'],
  ];
  test.each(malformed)('%s=%s', (key, value) => {
    // in development, so only the malformed value can be the problem
    const problems = problemsOf({ APP_ENV: 'development', [key]: value });
    expect(problems.length, problems.join(' | ')).toBe(1);
    expect(problems[0]).toMatch(new RegExp(`^${key}: `));
  });

  test('a secret is never repeated in the message', () => {
    const problems = problemsOf({ APP_ENV: 'development', APP_SECRET: 'hunter2-short', SMTP_URL: 'smtp//user:secretpass@host' });
    expect(problems.join('\n')).not.toMatch(/hunter2|secretpass/);
  });

  test('every numeric setting of the schema is checked, none read as NaN', () => {
    for (const key of SETTING_KEYS) {
      const problems = problemsOf({ APP_ENV: 'development', [key]: 'abc' });
      const s = problems.length === 0 ? loadSettings({ APP_ENV: 'development', [key]: 'abc' }) : null;
      if (s) for (const [name, value] of Object.entries(s)) expect(Number.isNaN(value), `${key}=abc made ${name} NaN`).toBe(false);
    }
  });
});

describe('settings: the process role and the queue', () => {
  test('both roles by default, each lane with its slots', () => {
    const s = loadSettings({ APP_ENV: 'development' });
    expect(s).toMatchObject({ role: 'all', queueConcurrency: { codes: 4, bills: 2, work: 2 }, queueStopTimeoutMs: 10_000 });
    expect(loadSettings({ APP_ENV: 'development', QUEUE_BILLS_CONCURRENCY: '1' }).queueConcurrency.bills).toBe(1);
  });

  test('web or worker alone needs PostgreSQL: the embedded database is one process\'s', () => {
    expect(named(problemsOf({ APP_ENV: 'development', PROCESS_ROLE: 'worker' }), 'PROCESS_ROLE')).toBe(true);
    expect(named(problemsOf({ APP_ENV: 'development', PROCESS_ROLE: 'web' }), 'PROCESS_ROLE')).toBe(true);
    expect(loadSettings({ APP_ENV: 'development', PROCESS_ROLE: 'worker', DATABASE_URL: 'postgres://db/portal' }).role).toBe('worker');
  });
});

describe('settings: the local start', () => {
  test('development turns every stand-in on and says so; the company says "exemplo"', () => {
    const s = loadSettings({ APP_ENV: 'development' });
    expect(s).toMatchObject({ production: false, sms: 'outbox', whatsapp: 'outbox', email: 'catcher', payments: 'local', altchaMaxNumber: 5_000, queuePollMs: 500, port: 3000 });
    expect(s.standIns.join('\n')).toMatch(/outbox[\s\S]*SMS[\s\S]*WhatsApp[\s\S]*sandbox[\s\S]*example company/);
    for (const value of [s.company.legalName, s.company.address]) expect(value).toMatch(/exemplo/i);
    for (const value of [s.company.pixKey, s.company.supportEmail]) expect(value).toMatch(/exemplo/);
    expect(s.company).toEqual(EXAMPLE_COMPANY);
  });

  test('an empty variable counts as unset', () => {
    expect(loadSettings({ APP_ENV: 'development', QUEUE_POLL_MS: '', PORT: '' })).toMatchObject({ queuePollMs: 500, port: 3000 });
  });
});

describe('README: the configuration table is the schema', () => {
  test('every variable of the schema has a row, and every row is a variable of the schema', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows).size, 'a variable appears in two rows').toBe(rows.length);
    expect([...rows].sort()).toEqual([...SETTING_KEYS].sort());
  });
});

describe('the server process', () => {
  const start = (env: Record<string, string>) => spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-settings-')), PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

  test('refuses to start in production without its providers, before it opens a database', () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/start-up refused/);
    expect(run.stdout + run.stderr).toMatch(/SMS_PROVIDER: /);
    expect(run.stdout + run.stderr).toMatch(/APP_SECRET: /);
  }, 60_000);

  test('refuses a malformed number and names it', () => {
    const run = start({ APP_ENV: 'development', QUEUE_POLL_MS: 'abc' });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/QUEUE_POLL_MS: must be a whole number/);
  }, 60_000);
});
