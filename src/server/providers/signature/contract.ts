/**
 * The e-signature contract shared by the providers (ARCHITECTURE "E-signature"); see ./index for
 * the choice by environment. The contract service keeps, per contract, the key the embedded frame
 * opens and whether it is signed; a provider registers the document for its signer and says where
 * the frame lives. Our own signing page (`local`) records signatures itself; Clicksign tells us by
 * webhook, which `parseWebhook` authenticates.
 */

export interface Signer {
  /** the person who signs: the customer, or a company's legal representative */
  name: string;
  email: string;
  /** 13 digits, country code first (5511987654321) */
  phone: string;
  /** 11 digits */
  cpf: string;
  /** YYYY-MM-DD, when known */
  birthday: string | null;
}

export interface SignatureRequest {
  /** our contract id (uuid) */
  contractId: string;
  /** the contract's title, e.g. 'Termo de Adesão' */
  title: string;
  /** the PDF as generated (before any signature) */
  pdf: Uint8Array;
  signer: Signer;
}

export interface RequestedSignature {
  /** what the frame opens: /sign/{key}; unguessable */
  key: string;
  /** the provider's document id, to fetch the signed file later (null for our own page) */
  documentRef: string | null;
}

/** An authentic webhook's news about one signature request. */
export interface SignatureWebhookEvent {
  kind: 'signed' | 'closed' | 'other';
  /** the signature key the event is about (request_signature_key), when the event names one */
  key: string | null;
  /** the provider's document id */
  documentRef: string | null;
}

export interface SignatureProvider {
  readonly name: 'local' | 'clicksign';
  /** the origin serving the frame, for the CSP's frame-src; null when it is our own origin */
  readonly frameOrigin: string | null;
  /** registers the contract for its signer; rejects only when the provider cannot answer */
  request(request: SignatureRequest): Promise<RequestedSignature>;
  /** the frame's URL for a key, posting 'signed' back to `origin` (the portal's origin) */
  frameUrl(key: string, origin: string): string;
  /**
   * Checks a webhook's authenticity against the raw body and reads it; null when it is not
   * authentic or not about a signature (our own page sends none).
   */
  parseWebhook(rawBody: string, headers: Headers): SignatureWebhookEvent | null;
  /** the signed file of a finished document (Clicksign); null when not ready */
  signedFile(documentRef: string): Promise<Uint8Array | null>;
}

export class SignatureProviderError extends Error {
  override name = 'SignatureProviderError';
}
