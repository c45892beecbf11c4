import { useEffect, useState } from 'react';
import { useActorSelector as useSelector } from '../../app/useActorSelector';
import { Button } from '../../components/Button/Button';
import { CodeInput, CODE_LENGTH } from '../../components/CodeInput/CodeInput';
import { LoadingScreen } from '../../components/LoadingScreen/LoadingScreen';
import { PHONE_SCREEN_ERROR_TOAST, toast } from '../../components/Toast/Toast';
import { AuthLayout } from '../../layout/AuthLayout/AuthLayout';
import { useAuthActor, useJourneyActor, type AuthActor } from '../../app/JourneyContext';
import { useGo } from '../../app/useGo';
import { formatPhone } from '../../../shared/phone';
import * as s from '../login/authForm.css';

/** '0:29' */
const clock = (seconds: number) => `0:${String(seconds).padStart(2, '0')}`;

function CodeForm({ auth }: { auth: AuthActor }) {
  const journey = useJourneyActor();
  const ctx = useSelector(auth, (snap) => snap.context);
  const verifying = useSelector(auth, (snap) => snap.matches({ codeEntry: { code: 'verifying' } }));
  const [code, setCode] = useState('');

  useEffect(() => {
    if (ctx.failureAccessCode) toast.error(ctx.failureAccessCode, PHONE_SCREEN_ERROR_TOAST);
  }, [ctx.failureAccessCode]);
  useEffect(() => {
    if (ctx.failureSendCodeSms) toast.error(ctx.failureSendCodeSms, PHONE_SCREEN_ERROR_TOAST);
  }, [ctx.failureSendCodeSms]);
  useEffect(() => {
    if (!ctx.notice) return;
    toast.success(ctx.notice);
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
      <form className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); submit(code); }}>
        <CodeInput
          value={code}
          onChange={setCode}
          onComplete={submit}
          isDisabled={verifying}
          errorMessage={ctx.failureAccessCode ?? undefined}
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
  if (!auth) return <LoadingScreen />;
  return (
    <AuthLayout onHome={() => go('/')}>
      <CodeForm auth={auth} />
    </AuthLayout>
  );
}
