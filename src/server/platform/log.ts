import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's one logger: JSON lines (pino) on stdout, one object per line with `level` (its
 * name: trace .. fatal), `time` (ISO 8601, UTC), `pid`, `msg` and, while a request is
 * handled, its `request_id` (docs/operations.md "Logs"). Never personal data: callers pass masked
 * texts (http/errors.ts maskPersonalData, describeError), route patterns, ids and counts.
 */

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: one of LOG_LEVELS; unset `info` (`silent` inside vitest); anything else stops the start-up. */
export function logLevelOf(env: NodeJS.ProcessEnv, fallback: LogLevel = 'info'): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return raw as LogLevel;
}

const build = (level: LogLevel, destination?: DestinationStream): Logger =>
  pino({ level, base: { pid: process.pid }, formatters: { level: (label) => ({ level: label }) }, timestamp: pino.stdTimeFunctions.isoTime }, destination);

// in process (tests build the app without main.ts) the log is silent unless LOG_LEVEL asks
let root: Logger = build(logLevelOf(process.env, process.env.VITEST ? 'silent' : 'info'));

/** Replaces the process's logger (main.ts at start-up; tests to capture the lines). Returns the previous one. */
export function configureLogger(opts: { level: LogLevel; destination?: DestinationStream }): Logger {
  const previous = root;
  root = build(opts.level, opts.destination);
  return previous;
}

/** Puts a logger back (what configureLogger returned). */
export function restoreLogger(previous: Logger): void {
  root = previous;
}

const requestScope = new AsyncLocalStorage<{ logger: Logger; requestId: string }>();

/** The logger of the request being handled (its lines carry `request_id`), else the process's. */
export const log = (): Logger => requestScope.getStore()?.logger ?? root;

/** The id of the request being handled, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** Runs `fn` with a child logger that writes `request_id` on every line. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ logger: root.child({ request_id: requestId }), requestId }, fn);
}

/** An incoming X-Request-Id is kept when it is 8..128 characters of letters, digits, `-`, `_`, `.`, `:`; otherwise a new UUID. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
export const requestIdOf = (incoming: string | undefined): string => (incoming && WELL_FORMED.test(incoming) ? incoming : randomUUID());
