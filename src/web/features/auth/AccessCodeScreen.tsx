import { useEffect, useRef, useState } from 'react';
import { useActorSelector as useSelector } from '../../journey/useActorSelector';
import { Button } from '../../ui/Button/Button';
import { CodeInput, CODE_LENGTH } from '../../ui/CodeInput/CodeInput';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { PHONE_SCREEN_ERROR_TOAST, toast } from '../../ui/Toast/Toast';
import { useScreenErrorToasts } from '../../ui/Toast/useScreenToasts';
import { AuthLayout } from '../../ui/AuthLayout/AuthLayout';
import { useAuthActor, useJourneyActor, type AuthActor } from '../../journey/JourneyContext';
import { offersCodeByEmail, type CodeChannel } from '#machines/auth/authMachine';
import { PATHS } from '#shared/routes';
import { useGo } from '../../journey/useGo';
import { formatPhone } from '#shared/phone';
import { messages as m, t } from '#shared/messages';
import { Notice } from '../../ui/Notice/Notice';
import { countdownText } from './parts/countdown';
import * as s from './parts/authForm.css';

/** Where the newest code went (spec §2: the phone number is shown). */
function SentTo({ channel, phone }: { channel: CodeChannel; phone: string }) {
  if (channel === 'email') return <>Enviamos um código de {CODE_LENGTH} dígitos para o seu e-mail cadastrado.</>;
  return (
    <>
      Enviamos um código de {CODE_LENGTH} dígitos por {channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} para{' '}
      <span className={s.phone}>{formatPhone(phone)}</span>.
    </>
  );
}

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
  // the server holds this request's checks back (too many wrong codes of the phone) until the countdown ends
  const held = ctx.codeHeld && waiting;
  // the machine's guards decide (30 s cooldown for every resend; nothing while a call is on its way)
  const canResendSms = useSelector(auth, (snap) => snap.can({ type: 'code.resend' }));
  const canResendWhatsapp = useSelector(auth, (snap) => snap.can({ type: 'code.resendWhatsapp' }));
  const canResendEmail = useSelector(auth, (snap) => snap.can({ type: 'code.resendEmail' }));

  return (
    <>
      <h1 className={s.title}>Digite o código</h1>
      <p className={s.lead}>
        <SentTo channel={ctx.channel} phone={ctx.phone} />
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
        {held ? (
          <Notice tone="error">
            <p role="timer">Muitas tentativas com código errado. Tente de novo em {countdownText(ctx.resendSecondsLeft)}.</p>
          </Notice>
        ) : null}
        <Button type="submit" isPending={verifying} isDisabled={held} fullWidth>Confirmar</Button>
        <div className={s.row}>
          <Button variant="secondary" isDisabled={!canResendSms} onPress={() => auth.send({ type: 'code.resend' })}>
            {waiting ? <>Reenviar SMS em <span className={s.countdown}>{countdownText(ctx.resendSecondsLeft)}</span></> : 'Reenviar código por SMS'}
          </Button>
          <Button variant="secondary" isDisabled={!canResendWhatsapp} onPress={() => auth.send({ type: 'code.resendWhatsapp' })}>
            Receber pelo WhatsApp
          </Button>
        </div>
        {/* spec §2: the registered e-mail; a sign-up has none yet */}
        {offersCodeByEmail(ctx.flow) ? (
          <Button variant="ghost" isDisabled={!canResendEmail} onPress={() => auth.send({ type: 'code.resendEmail' })}>
            Enviar código para o e-mail cadastrado
          </Button>
        ) : null}
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
