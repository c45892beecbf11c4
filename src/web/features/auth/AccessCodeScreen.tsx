import { useEffect, useRef, useState } from 'react';
import { useActorSelector as useSelector } from '../../journey/useActorSelector';
import { Button } from '../../ui/Button/Button';
import { CodeInput, CODE_LENGTH } from './parts/CodeInput/CodeInput';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { PHONE_SCREEN_ERROR_TOAST, toast } from '../../ui/Toast/Toast';
import { useScreenErrorToasts } from '../../ui/Toast/useScreenToasts';
import { AuthLayout } from '../../ui/AuthLayout/AuthLayout';
import { useAuthActor, useJourneyActor, type AuthActor } from '../../journey/JourneyContext';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';
import { formatPhone } from '#shared/phone';
import { messages as m, t } from '#shared/messages';
import * as s from './parts/authForm.css';

/** '0:29' */
const clock = (seconds: number) => `0:${String(seconds).padStart(2, '0')}`;

function CodeForm({ auth }: { auth: AuthActor }) {
  const journey = useJourneyActor();
  const ctx = useSelector(auth, (snap) => snap.context);
  const verifying = useSelector(auth, (snap) => snap.matches({ codeEntry: { code: 'verifying' } }));
  const [code, setCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const showError = useScreenErrorToasts();

  useEffect(() => {
    if (ctx.failureAccessCode) showError(m[ctx.failureAccessCode], PHONE_SCREEN_ERROR_TOAST);
  }, [ctx.failureAccessCode, showError]);
  useEffect(() => {
    if (ctx.failureSendCodeSms) showError(m[ctx.failureSendCodeSms], PHONE_SCREEN_ERROR_TOAST);
  }, [ctx.failureSendCodeSms, showError]);
  // The boxes are disabled while the code is checked, which drops the keyboard focus. When the check
  // fails: a refused code (wrong, expired) is emptied and the first box focused, so the next code is
  // typed and sent by itself; after a cut connection the digits stay and 'Confirmar' sends them again.
  const refusals = ctx.codeRefusals;
  const seenRefusals = useRef(refusals);
  const wasVerifying = useRef(false);
  useEffect(() => {
    if (verifying) { wasVerifying.current = true; return; }
    if (!wasVerifying.current) return;
    wasVerifying.current = false;
    const form = formRef.current;
    if (refusals !== seenRefusals.current) {
      seenRefusals.current = refusals;
      setCode('');
      form?.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')?.focus();
    } else if (ctx.failureAccessCode) {
      form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    }
  }, [verifying, refusals, ctx.failureAccessCode]);
  useEffect(() => {
    if (!ctx.notice) return;
    toast.success(m[ctx.notice]);
    auth.send({ type: 'notice.dismiss' });
  }, [ctx.notice, auth]);

  const submit = (value: string) => auth.send({ type: 'code.submit', code: value });
  const waiting = ctx.resendSecondsLeft > 0;
  // the machine's guards decide (30 s cooldown for every resend; nothing while a call is on its way)
  const canResendSms = useSelector(auth, (snap) => snap.can({ type: 'code.resend' }));
  const canResendWhatsapp = useSelector(auth, (snap) => snap.can({ type: 'code.resendWhatsapp' }));
  const canResendEmail = useSelector(auth, (snap) => snap.can({ type: 'code.resendEmail' }));

  return (
    <>
      <h1 className={s.title}>Digite o código</h1>
      <p className={s.lead}>
        Enviamos um código de {CODE_LENGTH} dígitos por SMS para <span className={s.phone}>{formatPhone(ctx.phone)}</span>.
      </p>
      <form ref={formRef} className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); submit(code); }}>
        <CodeInput
          value={code}
          onChange={setCode}
          onComplete={submit}
          isDisabled={verifying}
          errorMessage={t(ctx.failureAccessCode)}
          autoFocus
        />
        <Button type="submit" isPending={verifying} fullWidth>Confirmar</Button>
        <div className={s.row}>
          <Button variant="secondary" isDisabled={!canResendSms} onPress={() => auth.send({ type: 'code.resend' })}>
            {waiting ? <>Reenviar SMS em <span className={s.countdown}>{clock(ctx.resendSecondsLeft)}</span></> : 'Reenviar código por SMS'}
          </Button>
          <Button variant="secondary" isDisabled={!canResendWhatsapp} onPress={() => auth.send({ type: 'code.resendWhatsapp' })}>
            Receber pelo WhatsApp
          </Button>
        </div>
        <Button variant="ghost" isDisabled={!canResendEmail} onPress={() => auth.send({ type: 'code.resendEmail' })}>
          Enviar código para o e-mail cadastrado
        </Button>
        <Button variant="ghost" onPress={() => journey.send({ type: 'code.back' })}>Voltar</Button>
      </form>
    </>
  );
}

/** /pt/access-account (sign-in) and /pt/sign-up/access-code (sign-up): spec §2 "SMS code screen". */
export default function AccessCodeScreen() {
  const auth = useAuthActor();
  const go = useGo();
  // a new number goes on to the registration form: load it while the code is typed
  useEffect(() => { void import('./CreateAccountScreen'); }, []);
  if (!auth) return <LoadingScreen />;
  return (
    <AuthLayout onHome={() => go(PATHS.landing)}>
      <CodeForm auth={auth} />
    </AuthLayout>
  );
}
