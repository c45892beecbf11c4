const pad = (n: number) => String(n).padStart(2, '0');

/** How long to wait, as a clock reads it: '0:29', '9:12', '1:04:00'. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
