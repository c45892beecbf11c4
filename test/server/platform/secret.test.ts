import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { appSecret } from '../../../src/server/platform/secret';

describe('APP_SECRET', () => {
  test('in development one is generated once under DATA_DIR and reused', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'portal-secret-')), 'data');
    const first = appSecret({}, dir, false);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(appSecret({}, dir, false)).toBe(first);
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
  });

  test('production refuses to start without it, or with a short one', () => {
    expect(() => appSecret({}, tmpdir(), true)).toThrow(/APP_SECRET is required/);
    expect(() => appSecret({ APP_SECRET: 'short' }, tmpdir(), true)).toThrow(/at least 32/);
    expect(appSecret({ APP_SECRET: 'x'.repeat(40) }, tmpdir(), true)).toBe('x'.repeat(40));
  });
});
