import { fork } from 'node:child_process';
import { expect, test } from 'vitest';

/**
 * The OCR child must not outlive its server: an orphan found after a test run kept its inherited
 * stdout open, and with it the test runner, which printed its summary and never exited (the child
 * now also checks its channel every second, ocrWorker.mjs). Here the server goes away at once,
 * while the child is still loading tesseract and the image decoder.
 */
test('an OCR child whose server went away while it was loading ends by itself', { timeout: 30_000 }, async () => {
  const child = fork('src/server/engines/bill-reader/ocr/ocrWorker.mjs', [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
  child.disconnect(); // the server goes away at once
  const ended = await new Promise<number | string | null>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), 20_000);
    child.on('exit', (code) => { clearTimeout(timer); resolve(code); });
  });
  if (ended === 'still running') child.kill('SIGKILL');
  expect(ended).toBe(0);
});
