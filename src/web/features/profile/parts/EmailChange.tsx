import { useState } from 'react';
import type { ProfileContext, ProfileEvent } from '#machines/profile/profileMachine';
import { fill, messages as m } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice } from '../../../ui/Notice/Notice';
import { TextField } from '../../../ui/TextField/TextField';
import { CodeInput } from '../../../ui/CodeInput/CodeInput';
import * as s from '../ProfilePage.css';

export type EmailChangeStep = 'closed' | 'asking' | 'sending' | 'entering' | 'resending' | 'confirming';

export interface EmailChangeProps {
  step: EmailChangeStep;
  context: Pick<ProfileContext, 'emailChange' | 'emailError'>;
  send: (event: ProfileEvent) => unknown;
}

/**
 * 'Trocar e-mail' (issue 29, F15): the new address, then the code that came to it and the one that
 * came by SMS. The dialog only sends; the profile machine decides.
 */
export function EmailChange({ step, context, send }: EmailChangeProps) {
  const [email, setEmail] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const busy = step === 'sending' || step === 'resending' || step === 'confirming';
  const entering = step === 'entering' || step === 'resending' || step === 'confirming';
  const error = context.emailError;
  const on = (field: 'email' | 'email_code' | 'sms_code') => (error?.field === field ? m[error.key] : undefined);
  const close = () => { setEmail(''); setEmailCode(''); setSmsCode(''); send({ type: 'email.cancel' }); };
  const sendCodes = () => { setEmailCode(''); setSmsCode(''); send({ type: 'email.sendCodes', email }); };
  return (
    <Modal
      isOpen={step !== 'closed'}
      onOpenChange={(open) => { if (!open) close(); }}
      title={m['profile.email.title']}
      isLoading={busy}
      footer={entering ? (
        <>
          <Button variant="secondary" onPress={() => send({ type: 'email.resend' })} isDisabled={busy}>{m['profile.email.resend']}</Button>
          <Button variant="primary" isPending={step === 'confirming'} onPress={() => send({ type: 'email.confirm', emailCode, smsCode })}>{m['profile.email.confirm']}</Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onPress={close} isDisabled={busy}>{m['profile.email.cancel']}</Button>
          <Button variant="primary" isPending={step === 'sending'} onPress={sendCodes}>{m['profile.email.sendCodes']}</Button>
        </>
      )}
    >
      <form className={s.form} noValidate onSubmit={(e) => { e.preventDefault(); if (entering) send({ type: 'email.confirm', emailCode, smsCode }); else sendCodes(); }}>
        <p className={s.muted}>{m['profile.email.explain']}</p>
        {entering ? (
          <>
            {context.emailChange?.phoneLast4 ? (
              <p className={s.text} role="status">{fill('profile.email.codesSent', { email: context.emailChange.email, last4: context.emailChange.phoneLast4 })}</p>
            ) : null}
            <CodeInput label={m['profile.email.emailCode']} value={emailCode} onChange={setEmailCode} isDisabled={step === 'confirming'} autoFocus errorMessage={on('email_code')} />
            <CodeInput label={m['profile.email.smsCode']} value={smsCode} onChange={setSmsCode} isDisabled={step === 'confirming'} errorMessage={on('sms_code')} />
            {error && error.field !== 'email_code' && error.field !== 'sms_code' ? <Notice tone="error">{m[error.key]}</Notice> : null}
          </>
        ) : (
          <>
            <TextField
              label={m['profile.email.new']} type="email" value={email} autoComplete="email" inputMode="email" autoFocus
              onChange={setEmail} errorMessage={on('email')} isDisabled={busy} showRequired
            />
            {error && error.field !== 'email' ? <Notice tone="error">{m[error.key]}</Notice> : null}
          </>
        )}
      </form>
    </Modal>
  );
}
