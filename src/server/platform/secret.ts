import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * APP_SECRET keys the code hashes and the bot-check challenges. Production must set it; in
 * development one is generated once and kept under DATA_DIR (never in the repository), so codes
 * and challenges survive a restart.
 */
export function appSecret(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): string {
  if (env.APP_SECRET) {
    if (env.APP_SECRET.length < 32) throw new Error('APP_SECRET must have at least 32 characters');
    return env.APP_SECRET;
  }
  if (production) throw new Error('APP_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
