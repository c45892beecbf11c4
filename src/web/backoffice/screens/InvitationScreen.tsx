import { useState, type FormEvent } from 'react';
import type { StaffInvitation, StaffMember } from '#shared/staff/payloads';
import { STAFF_ROLE_LABELS } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';

/**
 * The invitation link's page: who is invited, the QR code (and the secret as text) to save in an
 * authenticator app, and the app's first code, which proves it and signs the member in. The
 * invitation is in the link's #fragment, never sent in a URL.
 */
export function InvitationScreen({ api, invitation, loadError, onSignedIn }: {
  api: StaffApi; invitation: StaffInvitation | null; loadError: string | null; onSignedIn: (m: StaffMember) => void;
}) {
  const invite = window.location.hash.replace(/^#/, '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const member = await api.enrol(invite, code);
      window.history.replaceState(null, '', window.location.pathname);
      onSignedIn(member);
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
          <form onSubmit={(e) => void submit(e)} className={css.card} style={{ border: 0, padding: 0 }}>
            <p className={css.muted}>{invitation.name} ({invitation.email}) · {invitation.roles.map((r) => STAFF_ROLE_LABELS[r]).join('; ')}</p>
            <h2 className={css.subheading}>1. Guarde o acesso no aplicativo autenticador</h2>
            <p className={css.muted}>Leia o código QR com o aplicativo (Google Authenticator, Microsoft Authenticator, 1Password…) ou digite a chave abaixo.</p>
            <img className={css.qr} alt="Código QR para o aplicativo autenticador" src={`data:image/svg+xml;base64,${btoa(invitation.qr_svg)}`} />
            <p className={css.secret} aria-label="Chave para digitar no aplicativo">{invitation.secret}</p>
            <h2 className={css.subheading}>2. Digite o código que o aplicativo mostra</h2>
            <TextField label="Código do aplicativo autenticador" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} isRequired />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <Button type="submit" isPending={pending} fullWidth>Confirmar e entrar</Button>
          </form>
        ) : null}
      </section>
    </main>
  );
}
