import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { StaffPasskeyOptionsRequest, type StaffMember } from '#shared/staff/payloads';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import type { StaffApi } from '../api';
import { signWithPasskey } from '../passkey';
import * as css from '../backoffice.css';
import * as pk from './passkey.css';
import * as f from '../../ui/Field/Field.css';

const EMAIL_ID = 'staff-sign-in-email';

/** A refused sign-in as a person reads it: the server's message (with the wait of a hold) or the browser's passkey problem. */
const refusal = (err: unknown): string => {
  const wait = (err as { body?: { retry_after_s?: number } }).body?.retry_after_s;
  return `${(err as Error).message}${wait ? ` Tente de novo em ${Math.ceil(wait / 60)} min.` : ''}`;
};

/**
 * E-mail, then the authenticator app's code or a passkey; a wrong one says so, a held account says
 * how long. The passkey asks the browser (fingerprint, face or PIN of the device or the phone).
 */
export function SignInScreen({ api, sessionEnded, onSignedIn }: { api: StaffApi; sessionEnded: boolean; onSignedIn: (m: StaffMember) => void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  /** a refusal, shown beside the way that was tried */
  const [error, setError] = useState<{ way: 'code' | 'passkey'; text: string } | null>(null);
  const [pending, setPending] = useState<'code' | 'passkey' | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending('code');
    setError(null);
    try {
      onSignedIn(await api.signIn(email, code));
    } catch (err) {
      setError({ way: 'code', text: refusal(err) });
      setCode('');
    } finally {
      setPending(null);
    }
  };
  const withPasskey = async () => {
    setError(null);
    const checked = v.safeParse(StaffPasskeyOptionsRequest, { email });
    if (!checked.success) {
      setEmailError(email.trim() ? checked.issues[0].message : 'Digite seu e-mail para entrar com a chave de acesso.');
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setPending('passkey');
    try {
      const answer = await signWithPasskey(await api.signInPasskeyOptions(checked.output.email));
      onSignedIn(await api.signInWithPasskey(checked.output.email, answer));
    } catch (err) {
      setError({ way: 'passkey', text: refusal(err) });
    } finally {
      setPending(null);
    }
  };
  return (
    <main className={css.narrowMain}>
      <form className={css.card} onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={css.heading}>Entrar no back-office</h1>
        {sessionEnded ? <Notice tone="warning">Sua sessão terminou. Entre novamente.</Notice> : null}
        <TextField id={EMAIL_ID} label="E-mail" type="email" autoComplete="username" value={email} errorMessage={emailError}
          onChange={(value) => { setEmail(value); setEmailError(undefined); }} isRequired />
        <TextField label="Código do aplicativo autenticador" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} isRequired description="Os 6 números que o aplicativo mostra agora." />
        {error?.way === 'code' ? <Notice tone="error">{error.text}</Notice> : null}
        <Button type="submit" isPending={pending === 'code'} isDisabled={pending === 'passkey'} fullWidth>Entrar</Button>
        <div className={pk.alternative} role="group" aria-labelledby="sign-in-passkey">
          <p id="sign-in-passkey" className={pk.alternativeLabel}>ou, sem código</p>
          <Button variant="secondary" isPending={pending === 'passkey'} isDisabled={pending === 'code'} fullWidth onPress={() => void withPasskey()} aria-describedby="sign-in-passkey-help">
            Entrar com chave de acesso (passkey)
          </Button>
          {error?.way === 'passkey' ? <Notice tone="error">{error.text}</Notice> : null}
          <p id="sign-in-passkey-help" className={f.description}>Digite o e-mail acima; o navegador pede a digital, o rosto ou o PIN do dispositivo onde a chave está guardada.</p>
        </div>
      </form>
    </main>
  );
}
