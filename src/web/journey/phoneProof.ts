/**
 * The phone confirmed by code for a sign-up (its phone_proof), kept in this tab's session storage for
 * the proof's lifetime, so a reload of /create-account stays on the form. Cleared on sign-up, on a
 * sign-in, and once expired. Small on purpose: the journey reads it on every page load.
 */
export const PHONE_PROOF_KEY = 'portal:phone-proof';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function clearPhoneProof(): void {
  try { tabStorage()?.removeItem(PHONE_PROOF_KEY); } catch { /* nothing stored */ }
}

export function readPhoneProof(now: number = Date.now()): { phone: string; phoneProof: string } | null {
  try {
    const raw = tabStorage()?.getItem(PHONE_PROOF_KEY);
    const stored = raw ? (JSON.parse(raw) as { phone?: unknown; phoneProof?: unknown; expiresAt?: unknown }) : null;
    if (!stored || typeof stored.phone !== 'string' || typeof stored.phoneProof !== 'string' || typeof stored.expiresAt !== 'number') return null;
    if (stored.expiresAt <= now) {
      clearPhoneProof();
      return null;
    }
    return { phone: stored.phone, phoneProof: stored.phoneProof };
  } catch {
    return null;
  }
}

export function writePhoneProof(phone: string, phoneProof: string, expiresAt: number): void {
  try { tabStorage()?.setItem(PHONE_PROOF_KEY, JSON.stringify({ phone, phoneProof, expiresAt })); } catch { /* a reload then asks for a code again */ }
}
