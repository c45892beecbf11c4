import { useState, type FormEvent } from 'react';
import type { StaffInvitation, StaffMember } from '#shared/staff/payloads';
import { STAFF_ROLE_LABELS } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import { makePasskey } from '../passkey';
import * as css from '../backoffice.css';
import * as pk from './passkey.css';

/**
 * The invitation link's page: who is invited, then one of two ways in. A passkey made on this
 * device (or the phone) signs the member in at once; or the QR code (and the secret as text) saved
 * in an authenticator app, whose first code proves it and signs the member in. The invitation is in
 * the link's #fragment, never sent in a URL.
 */
export function InvitationScreen({ api, invitation, loadError, onSignedIn }: {
  api: StaffApi; invitation: StaffInvitation | null; loadError: string | null; onSignedIn: (m: StaffMember) => void;
}) {
  const invite = window.location.hash.replace(/^#/, '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const signedIn = (member: StaffMember) => {
    window.history.replaceState(null, '', window.location.pathname);
    onSignedIn(member);
  };
  const withPasskey = async () => {
    setPasskeyPending(true);
    setPasskeyError(null);
    try {
      const answer = await makePasskey(await api.invitationPasskeyOptions(invite));
      signedIn(await api.enrolWithPasskey(invite, answer));
    } catch (err) {
      setPasskeyError((err as Error).message);
    } finally {
      setPasskeyPending(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      signedIn(await api.enrol(invite, code));
    } catch (err) {
      setError((err as Error).message);
      setCode('');
    } finally {
      setPending(false);
    }
  };
  return (
    <main className={css.narrowMain}>
      <section className={css.card} aria-labelledby="invite-title">
        <h1 id="invite-title" className={css.heading}>Seu acesso ao back-office</h1>
        {loadError ? <Notice tone="error">{loadError}</Notice> : null}
        {!invitation && !loadError ? <p role="status">Carregando o convite…</p> : null}
        {invitation ? (
          <>
            <p className={css.muted}>{invitation.name} ({invitation.email}) · {invitation.roles.map((r) => STAFF_ROLE_LABELS[r]).join('; ')}</p>
            <section className={pk.way} aria-labelledby="invite-passkey">
              <h2 id="invite-passkey" className={css.subheading}>Com uma chave de acesso (passkey)</h2>
              <p className={css.muted}>Sem aplicativo e sem código: a digital, o rosto ou o PIN deste dispositivo (ou do seu celular) confirmam que é você.</p>
              {passkeyError ? <Notice tone="error">{passkeyError}</Notice> : null}
              <Button variant="secondary" isPending={passkeyPending} isDisabled={pending} fullWidth onPress={() => void withPasskey()}>Usar uma chave de acesso (passkey)</Button>
            </section>
            <form onSubmit={(e) => void submit(e)} className={`${pk.way} ${pk.alternative}`} aria-labelledby="invite-app">
              <h2 id="invite-app" className={css.subheading}>Ou com um aplicativo autenticador</h2>
              <h3 className={pk.step}>1. Guarde o acesso no aplicativo autenticador</h3>
              <p className={css.muted}>Leia o código QR com o aplicativo (Google Authenticator, Microsoft Authenticator, 1Password…) ou digite a chave abaixo.</p>
              <img className={css.qr} alt="Código QR para o aplicativo autenticador" src={`data:image/svg+xml;base64,${btoa(invitation.qr_svg)}`} />
              <p className={css.secret} aria-label="Chave para digitar no aplicativo">{invitation.secret}</p>
              <h3 className={pk.step}>2. Digite o código que o aplicativo mostra</h3>
              <TextField label="Código do aplicativo autenticador" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} isRequired />
              {error ? <Notice tone="error">{error}</Notice> : null}
              <Button type="submit" isPending={pending} isDisabled={passkeyPending} fullWidth>Confirmar e entrar</Button>
            </form>
          </>
        ) : null}
      </section>
    </main>
  );
}
