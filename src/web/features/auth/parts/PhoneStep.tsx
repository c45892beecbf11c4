import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useActorSelector as useSelector } from '../../../journey/useActorSelector';
import { BotCheck } from './BotCheck/BotCheck';
import { Button } from '../../../ui/Button/Button';
import { PhoneField, type PhoneValue } from '../../../ui/PhoneField/PhoneField';
import { PHONE_SCREEN_ERROR_TOAST } from '../../../ui/Toast/Toast';
import { useScreenErrorToasts } from '../../../ui/Toast/useScreenToasts';
import { focusFirstInvalid } from '../../../ui/Field/focusFirstInvalid';
import type { AuthActor } from '../../../journey/JourneyContext';
import { useBotCheckChallengeUrl } from '../../../journey/JourneyContext';
import { messages as m, t } from '#shared/messages';
import { Notice } from '../../../ui/Notice/Notice';
import * as s from './authForm.css';

/**
 * The phone step of sign-in and sign-up: DDI + cell phone, the bot check and 'Receber código por
 * SMS'. The auth machine validates and sends; this renders its context.
 */
export function PhoneStep({ auth, title, lead, children }: { auth: AuthActor; title: string; lead?: ReactNode; children?: ReactNode }) {
  const challengeUrl = useBotCheckChallengeUrl();
  const ctx = useSelector(auth, (snap) => snap.context);
  const busy = useSelector(auth, (snap) => snap.hasTag('busy'));
  const [phone, setPhone] = useState<PhoneValue>(() => ({ countryCode: ctx.countryCode, cellPhone: ctx.cellPhone }));
  const [payload, setPayload] = useState('');
  const [resetSignal, setResetSignal] = useState(0);

  const formRef = useRef<HTMLFormElement>(null);
  const showError = useScreenErrorToasts();
  // a refused submit puts the keyboard (and the screen reader) on the first wrong field
  useEffect(() => {
    if (Object.keys(ctx.phoneErrors).length > 0) focusFirstInvalid(formRef.current);
  }, [ctx.phoneErrors]);

  const failure = ctx.failureSendCodeSms;
  useEffect(() => {
    if (!failure) return;
    showError(m[failure], PHONE_SCREEN_ERROR_TOAST);
    // a bot-check payload is single use: a refused request needs a new one
    if (failure !== 'code.RECAPTCHA_REQUIRED') {
      setPayload('');
      setResetSignal((n) => n + 1);
    }
  }, [failure, showError]);

  return (
    <>
      <h1 className={s.title}>{title}</h1>
      {lead ? <p className={s.lead}>{lead}</p> : null}
      <form
        ref={formRef}
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          auth.send({ type: 'phone.submit', countryCode: phone.countryCode, cellPhone: phone.cellPhone, recaptcha: payload });
        }}
      >
        <PhoneField
          value={phone}
          onChange={setPhone}
          countryCodeError={t(ctx.phoneErrors.countryCode)}
          cellPhoneError={t(ctx.phoneErrors.cellPhone)}
          isDisabled={busy}
          autoFocus
        />
        <BotCheck
          onVerified={setPayload}
          onReset={() => setPayload('')}
          resetSignal={resetSignal}
          challengeUrl={challengeUrl}
          errorMessage={failure === 'code.RECAPTCHA_REQUIRED' ? m[failure] : undefined}
        />
        <Button type="submit" isPending={busy} fullWidth>Receber código por SMS</Button>
        {ctx.signInFailure ? <Notice tone="error">{m[ctx.signInFailure]}</Notice> : null}
        {children}
      </form>
    </>
  );
}
