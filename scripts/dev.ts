/**
 * `npm run dev`: the API with reload (tsx watch) on PORT (3000) and Vite's dev server on 5173, which
 * proxies /api and /dev to the API. Open http://127.0.0.1:5173/pt.
 */
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'development' },
});
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], { stdio: 'inherit' });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => { if (code) web.kill('SIGTERM'); });
web.on('exit', (code) => { if (code) api.kill('SIGTERM'); });
