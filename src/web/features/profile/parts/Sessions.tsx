import { useState } from 'react';
import type { ProfileContext, ProfileEvent } from '#machines/profile/profileMachine';
import { whenInBrasilia } from '#shared/intl';
import { fill, messages as m } from '#shared/messages';
import type { SessionItem } from '#shared/profile/payloads';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { CodeInput } from '../../../ui/CodeInput/CodeInput';
import * as s from '../ProfilePage.css';

export type SessionsStep = 'closed' | 'sending' | 'entering' | 'resending' | 'ending';

const when = whenInBrasilia;

/** 'Chrome no Android', or what is known of it. */
export const deviceName = (x: Pick<SessionItem, 'browser' | 'os'>): string =>
  x.browser && x.os ? fill('profile.sessions.device', { browser: x.browser, os: x.os }) : x.browser ?? x.os ?? m['profile.sessions.unknown'];

export interface SessionsProps {
  sessions: readonly SessionItem[];
  step: SessionsStep;
  context: Pick<ProfileContext, 'sessionsEnd' | 'sessionsError'>;
  send: (event: ProfileEvent) => unknown;
}

/**
 * 'Aparelhos conectados' (issue 29, F15; ASVS 5.0 7.5.2): every live session, this one first; any
 * other one ends by itself, or all of them at once, each time confirmed by an SMS code.
 */
export function Sessions({ sessions, step, context, send }: SessionsProps) {
  const [code, setCode] = useState('');
  const others = sessions.filter((x) => !x.current);
  const ending = context.sessionsEnd?.sessionId ? sessions.find((x) => x.id === context.sessionsEnd?.sessionId) : undefined;
  const busy = step === 'sending' || step === 'resending' || step === 'ending';
  const close = () => { setCode(''); send({ type: 'sessions.cancel' }); };
  const end = (sessionId: string | null) => { setCode(''); send({ type: 'sessions.end', sessionId }); };
  return (
    <section className={s.panel} aria-labelledby="profile-sessions">
      <h2 id="profile-sessions" className={s.panelTitle}>{m['profile.sessions.title']}</h2>
      <p className={s.text}>{m['profile.sessions.lead']}</p>
      <ul className={s.list} aria-label={m['profile.sessions.list']}>
        {sessions.map((x) => (
          <li key={x.id} className={s.item}>
            <div className={s.session}>
              <span className={s.sessionName}>
                {deviceName(x)}
                {x.current ? <span className={s.status.APPROVED}>{m['profile.sessions.current']}</span> : null}
              </span>
              <span className={s.muted}>{fill('profile.sessions.lastUse', { date: when(x.last_used_at) })}</span>
              <span className={s.muted}>{fill('profile.sessions.since', { date: when(x.created_at) })}</span>
            </div>
            {x.current ? null : (
              <Button variant="secondary" aria-label={fill('profile.sessions.endOneLabel', { device: deviceName(x), date: when(x.last_used_at) })} onPress={() => end(x.id)}>
                {m['profile.sessions.endOne']}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 ? <p className={s.muted}>{m['profile.sessions.none']}</p> : (
        <div className={s.actions}>
          <Button variant="secondary" onPress={() => end(null)}>{m['profile.sessions.button']}</Button>
        </div>
      )}

      <Modal
        isOpen={step !== 'closed'}
        onOpenChange={(open) => { if (!open) close(); }}
        title={ending ? m['profile.sessions.titleOne'] : m['profile.sessions.button']}
        isLoading={busy}
        footer={(
          <>
            <Button variant="secondary" onPress={close} isDisabled={step === 'ending'}>{m['profile.sessions.cancel']}</Button>
            <Button variant="secondary" onPress={() => send({ type: 'sessions.resend' })} isDisabled={busy}>{m['profile.sessions.resend']}</Button>
            <Button variant="primary" isPending={step === 'ending'} isDisabled={step === 'sending'} onPress={() => send({ type: 'sessions.confirm', code })}>
              {m['profile.sessions.confirm']}
            </Button>
          </>
        )}
      >
        <div className={s.form}>
          <p className={s.text}>{ending ? fill('profile.sessions.explainOne', { device: deviceName(ending) }) : m['profile.sessions.explainAll']}</p>
          {context.sessionsEnd?.phoneLast4 ? <p className={s.text} role="status">{fill('profile.sessions.codeSent', { last4: context.sessionsEnd.phoneLast4 })}</p> : null}
          {/* mounted once the code is on its way, so the keyboard lands in it */}
          {step === 'sending' ? null : (
            <CodeInput label={m['profile.sessions.code']} value={code} onChange={setCode} isDisabled={step === 'ending'} autoFocus
              errorMessage={context.sessionsError ? m[context.sessionsError] : undefined} />
          )}
        </div>
      </Modal>
    </section>
  );
}
