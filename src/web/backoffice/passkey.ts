import type {
  AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's half of a passkey (WebAuthn) through @simplewebauthn/browser, loaded only when a
 * member asks for a passkey (a chunk of its own, never in the portal's bundle nor the back-office's
 * entry). A refusal becomes a PasskeyProblem whose message a person can act on.
 */

/** What a member reads when the browser could not make or use a passkey. */
export const PASSKEY_TEXTS = {
  unsupported: 'Este navegador não permite usar chaves de acesso (passkeys). Use o código do aplicativo autenticador ou abra o back-office em um navegador atualizado.',
  cancelled: 'A chave de acesso não foi usada: o pedido foi cancelado ou o tempo acabou. Tente de novo quando quiser.',
  alreadyThere: 'Este dispositivo já guarda uma chave de acesso sua. Entre com ela.',
  failed: 'Não foi possível usar a chave de acesso neste dispositivo. Tente de novo ou use o código do aplicativo autenticador.',
} as const;

export class PasskeyProblem extends Error {
  constructor(readonly reason: keyof typeof PASSKEY_TEXTS) {
    super(PASSKEY_TEXTS[reason]);
    this.name = 'PasskeyProblem';
  }
}

/** Whether this browser has WebAuthn at all (secure context, PublicKeyCredential). */
export const passkeysAvailable = (): boolean =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);

const problemOf = (error: unknown): PasskeyProblem => {
  const { name, code } = error as { name?: string; code?: string };
  // NotAllowedError: the person closed the prompt, or the time ran out (browsers do not tell which)
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return new PasskeyProblem('cancelled');
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyProblem('alreadyThere');
  return new PasskeyProblem('failed');
};

async function ceremony<T>(run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  if (!passkeysAvailable()) throw new PasskeyProblem('unsupported');
  let lib: typeof import('@simplewebauthn/browser');
  try {
    lib = await import('@simplewebauthn/browser');
  } catch {
    throw new PasskeyProblem('failed');
  }
  try {
    return await run(lib);
  } catch (error) {
    throw problemOf(error);
  }
}

/** navigator.credentials.create() with the server's options: the new passkey's answer. */
export const makePasskey = (options: unknown): Promise<RegistrationResponseJSON> =>
  ceremony((lib) => lib.startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }));

/** navigator.credentials.get() with the server's options: what the passkey signed. */
export const signWithPasskey = (options: unknown): Promise<AuthenticationResponseJSON> =>
  ceremony((lib) => lib.startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }));
