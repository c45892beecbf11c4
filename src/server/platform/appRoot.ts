import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The first folder holding a package.json at or above the module at `moduleUrl`: the app's own
 * folder, the same from src/server/platform (tsx, development and tests) as from dist/server (the
 * bundled server, where this code lives in a chunk one level down). The working directory when the
 * module is not a file (happy-dom tests) or no package.json is found.
 */
export function findAppRoot(moduleUrl: string): string {
  if (!moduleUrl.startsWith('file:')) return process.cwd();
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

let root: string | undefined;

/** The app's folder (package.json, drizzle/, dist/web): files read at run time are found from here, in both layouts. */
export function appRoot(): string {
  return (root ??= findAppRoot(import.meta.url));
}
