import { configureLogger, restoreLogger, type LogLevel } from '../../src/server/platform/log';

export interface CapturedLogs {
  /** every line written, as written (JSON text) */
  lines: string[];
  /** the lines parsed */
  records(): Record<string, unknown>[];
  restore(): void;
}

/** Points the server's logger at memory from `level` up until restore(): what an operator's log would hold. */
export function captureLogs(level: LogLevel = 'trace'): CapturedLogs {
  const lines: string[] = [];
  const previous = configureLogger({ level, destination: { write: (text: string) => { lines.push(...text.split('\n').filter((l) => l !== '')); } } });
  return {
    lines,
    records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => restoreLogger(previous),
  };
}
