import { useState, type FormEvent } from 'react';
import type { StaffMember } from '#shared/staff/payloads';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';

/** E-mail and the authenticator app's code; a wrong one says so, a held account says how long. */
export function SignInScreen({ api, sessionEnded, onSignedIn }: { api: StaffApi; sessionEnded: boolean; onSignedIn: (m: StaffMember) => void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      onSignedIn(await api.signIn(email, code));
    } catch (err) {
      const wait = (err as { body?: { retry_after_s?: number } }).body?.retry_after_s;
      setError(`${(err as Error).message}${wait ? ` Tente de novo em ${Math.ceil(wait / 60)} min.` : ''}`);
      setCode('');
    } finally {
      setPending(false);
    }
  };
  return (
    <main className={css.narrowMain}>
      <form className={css.card} onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={css.heading}>Entrar no back-office</h1>
        {sessionEnded ? <Notice tone="warning">Sua sessão terminou. Entre novamente.</Notice> : null}
        <TextField label="E-mail" type="email" autoComplete="username" value={email} onChange={setEmail} isRequired />
        <TextField label="Código do aplicativo autenticador" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} isRequired description="Os 6 números que o aplicativo mostra agora." />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Button type="submit" isPending={pending} fullWidth>Entrar</Button>
      </form>
    </main>
  );
}
