/**
 * Queue benchmark: the promise that an access code never waits behind a bill analysis. The real
 * server (src/server/main.ts, as the resilience suites start it, on the embedded database and the
 * default QUEUE_POLL_MS) gets code requests one after another, first alone (the baseline), then
 * while 5 customers' photographed bills are read by OCR. Each code's time runs from the moment
 * its request leaves the client to the provider call (the outbox stand-in writes the message at
 * that call; same machine, same clock).
 *
 * Prints count, p50, p95, p99 and max per phase, the phase-2 p99 over the baseline's, and how many
 * analyses were still undecided when each code was asked. Exits 1 when the p99 of the codes asked
 * while analyses ran reaches 2 s, or a code never arrives.
 *
 * Usage: npm run bench:queue [-- --codes 100 --gap-ms 100 --analyses 5]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, botCheck, newPhone, randomAddress, requestSecret, signUp, sleep, startServer, type Portal } from '../test/resilience/spawned';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const CODES = opt('codes', 100);
const GAP_MS = opt('gap-ms', 100);
const ANALYSES = opt('analyses', 5);
const BASELINE_CODES = Math.max(20, Math.round(CODES / 2));
const BOUND_MS = 2_000;
const PHOTO = readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png'));

interface Asked { phone: string; at: number; analysesRunning: number }

/** Asks `n` codes, one every `gapMs`; the bot check is solved before the clock starts. */
async function askCodes(base: string, n: number, gapMs: number, running: () => number): Promise<Asked[]> {
  const asked: Asked[] = [];
  const sends: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const phone = newPhone();
    const body = { phone, coupon: null, secret: requestSecret(), recaptcha: await botCheck(base), type: 'SIGN_UP', resend: false };
    const at = Date.now();
    const entry = { phone, at, analysesRunning: running() };
    asked.push(entry);
    sends.push(api(base, 'POST', '/queue/sms', { body, address: randomAddress() }).then((res) => {
      if (res.status !== 202) throw new Error(`code request ${res.status} ${JSON.stringify(res.body)}`);
    }));
    const next = at + gapMs - Date.now();
    if (next > 0) await sleep(next);
  }
  await Promise.all(sends);
  return asked;
}

/** Each code's request-to-provider time in ms (null: never arrived within `waitMs`). */
async function deliveryTimes(base: string, asked: Asked[], waitMs = 30_000): Promise<(number | null)[]> {
  const deadline = Date.now() + waitMs;
  const times: (number | null)[] = asked.map(() => null);
  for (;;) {
    const all = (await api(base, 'GET', '/dev/outbox', { address: '127.0.0.1' })).body.messages as { to: string; channel: string; created_at: string }[];
    const firstSms = new Map<string, number>();
    for (const m of all) if (m.channel === 'sms') firstSms.set(m.to, Math.min(firstSms.get(m.to) ?? Infinity, Date.parse(m.created_at)));
    asked.forEach((a, i) => { if (times[i] === null && firstSms.has(a.phone)) times[i] = firstSms.get(a.phone)! - a.at; });
    if (times.every((t) => t !== null) || Date.now() > deadline) return times;
    await sleep(250);
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
function summary(label: string, times: number[]): { p99: number; line: string } {
  const s = [...times].sort((a, b) => a - b);
  const p99 = quantile(s, 0.99);
  return { p99, line: `${label.padEnd(44)} n=${String(s.length).padStart(3)}  p50 ${quantile(s, 0.5)} ms  p95 ${quantile(s, 0.95)} ms  p99 ${p99} ms  max ${s.at(-1)} ms` };
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-queue-'));
  let portal: Portal | undefined;
  try {
    // the shipped poll interval, not the suites' faster one; the outbox holds at most 100 rows an answer
    portal = await startServer({ DATA_DIR: dataDir, QUEUE_POLL_MS: '500', LOG_LEVEL: 'warn' });
    const base = portal.url;
    const outboxPage = 100;
    if (CODES > outboxPage || BASELINE_CODES > outboxPage) throw new Error(`at most ${outboxPage} codes a phase (the outbox answers the newest ${outboxPage})`);

    // phase 1: codes alone
    const baseline = await askCodes(base, BASELINE_CODES, GAP_MS * 2, () => 0);
    const baseTimes = await deliveryTimes(base, baseline);

    // phase 2: the customers sign up first (their codes are not measured), then send their bills at once
    const customers = await Promise.all(Array.from({ length: ANALYSES }, () => signUp(base)));
    await sleep(1_000); // their sign-up codes are out of the way
    const decidedAt = new Map<number, number>();
    const uploads = await Promise.all(customers.map((c) => {
      const form = new FormData();
      form.append('file', new Blob([PHOTO], { type: 'image/png' }), 'conta.png');
      return api(base, 'POST', '/portal/customers/bills?is_holder=true', { token: c.token, form });
    }));
    if (uploads.some((u) => u.status !== 201)) throw new Error(`bill upload: ${uploads.map((u) => u.status).join(', ')}`);
    const uploadedAt = Date.now();
    let watching = true;
    const watch = (async () => {
      while (watching && decidedAt.size < customers.length) {
        await Promise.all(customers.map(async (c, i) => {
          if (decidedAt.has(i)) return;
          const info = ((await api(base, 'GET', '/portal/customers/bills', { token: c.token })).body.billInfo ?? []) as { status: string }[];
          if (info.at(-1)?.status !== 'PENDING') decidedAt.set(i, Date.now());
        }));
        await sleep(100);
      }
    })();
    const loaded = await askCodes(base, CODES, GAP_MS, () => customers.length - decidedAt.size);
    const loadedTimes = await deliveryTimes(base, loaded);
    const analysesDone = await Promise.race([watch.then(() => true), sleep(120_000).then(() => false)]);
    watching = false;

    const missing = [...baseTimes, ...loadedTimes].filter((t) => t === null).length;
    const during = loaded.map((a, i) => ({ a, t: loadedTimes[i] })).filter((x) => x.a.analysesRunning > 0 && x.t !== null).map((x) => x.t!);
    const allFive = loaded.map((a, i) => ({ a, t: loadedTimes[i] })).filter((x) => x.a.analysesRunning === customers.length && x.t !== null).map((x) => x.t!);
    const one = summary('baseline: codes alone', baseTimes.filter((t): t is number => t !== null));
    const two = summary(`codes while analyses ran (1 to ${customers.length} undecided)`, during);
    console.log(one.line);
    console.log(two.line);
    if (allFive.length > 0) console.log(summary(`codes while all ${customers.length} analyses were undecided`, allFive).line);
    const analysisTimes = [...decidedAt.values()].map((t) => t - uploadedAt).sort((a, b) => a - b);
    console.log(`bill analyses: ${analysisTimes.length} of ${customers.length} decided, after ${analysisTimes.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')} (OCR of a photographed bill)${analysesDone ? '' : '; some never decided'}`);
    console.log(`p99 with analyses over p99 alone: ${(two.p99 / one.p99).toFixed(2)}`);
    const problems: string[] = [];
    if (missing > 0) problems.push(`${missing} code(s) never reached the provider in 30 s`);
    if (during.length < CODES / 2) problems.push(`only ${during.length} of ${CODES} codes were asked while analyses ran: the bench did not load the queue (more --analyses or a smaller --gap-ms)`);
    if (!(two.p99 < BOUND_MS)) problems.push(`p99 request-to-provider with analyses running is ${two.p99} ms, not under ${BOUND_MS} ms`);
    for (const p of problems) console.log(`FAILED: ${p}`);
    if (problems.length === 0) console.log(`ok: p99 ${two.p99} ms < ${BOUND_MS} ms with ${customers.length} bill analyses in flight`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
