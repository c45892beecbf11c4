import type { ReactNode } from 'react';
import { EARLY_HEAD_ATTRIBUTE } from '#shared/pageCode';

/**
 * The signed-in page's head that index.html painted for a stored session (src/shared/pageCode.ts,
 * EARLY_HEAD_PAINT): kept when React takes #root over, and shown again, the same markup, while the
 * journey checks the session and the frame's code loads, so the page does not fall back to a
 * loading screen in between. The frame drops it once it renders (PrivateShell).
 */
let markup: string | null = null;

export function keepEarlyHead(root: HTMLElement): void {
  markup = root.hasAttribute(EARLY_HEAD_ATTRIBUTE) ? root.innerHTML : null;
}

/** The frame (or a public screen, for a session the server refused) is drawn: the painted head is done with. */
export function dropEarlyHead(): void {
  markup = null;
  document.getElementById('root')?.removeAttribute(EARLY_HEAD_ATTRIBUTE);
}

export function EarlyHead({ fallback }: { fallback: ReactNode }) {
  // the same markup as painted: the browser draws the same pixels again
  return markup ? <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: markup }} /> : fallback;
}
