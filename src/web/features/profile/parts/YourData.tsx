import { useState } from 'react';
import type { ProfileContext, ProfileEvent } from '#machines/profile/profileMachine';
import { fill, messages as m } from '#shared/messages';
import { RETENTION, type RetentionCategory } from '#shared/profile/rules';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice } from '../../../ui/Notice/Notice';
import { CodeInput } from '../../../ui/CodeInput/CodeInput';
import * as s from '../ProfilePage.css';

/** What is kept and why (LGPD art. 16), as the deletion dialog and the page after it list it. */
export function RetentionList({ categories, labelledBy }: { categories: readonly RetentionCategory[]; labelledBy: string }) {
  return (
    <ul className={s.retention} aria-labelledby={labelledBy}>
      {categories.map((key) => (
        <li key={key} className={s.retentionItem}>
          <span>{RETENTION[key].what}</span>
          <p className={s.retentionLine}>{`${m['profile.retention.period']}: ${RETENTION[key].period}.`}</p>
          <p className={s.retentionLine}>{`${m['profile.retention.basis']}: ${RETENTION[key].basis}.`}</p>
        </li>
      ))}
    </ul>
  );
}

export type DeletionStep = 'closed' | 'explaining' | 'sending' | 'entering' | 'resending' | 'deleting';

export interface YourDataProps {
  /** what a deletion would keep of this account, and why (the dialog says it before any code is sent) */
  willKeep: readonly RetentionCategory[];
  exporting: boolean;
  deletion: DeletionStep;
  context: Pick<ProfileContext, 'phoneLast4' | 'deletionError'>;
  send: (event: ProfileEvent) => unknown;
}

/** LGPD art. 18 and 19: a copy of everything at once, and the account's deletion confirmed by an SMS code. */
export function YourData({ willKeep, exporting, deletion, context, send }: YourDataProps) {
  const [code, setCode] = useState('');
  const busy = deletion === 'sending' || deletion === 'resending' || deletion === 'deleting';
  const entering = deletion === 'entering' || deletion === 'resending' || deletion === 'deleting';
  const close = () => { setCode(''); send({ type: 'deletion.cancel' }); };
  return (
    <section className={`${s.panel} ${s.wide}`} aria-labelledby="profile-data">
      <h2 id="profile-data" className={s.panelTitle}>{m['profile.data.title']}</h2>
      <div className={s.dataActions}>
        <div className={s.step}>
          <p className={s.text}>{m['profile.export.lead']}</p>
          <div className={s.actions}><Button variant="secondary" isPending={exporting} onPress={() => send({ type: 'export.request' })}>{m['profile.export.button']}</Button></div>
        </div>
        <div className={s.step}>
          <p className={s.text}>{m['profile.delete.lead']}</p>
          <div className={s.actions}>
            <Button variant="secondary" className={s.danger} onPress={() => { setCode(''); send({ type: 'deletion.open' }); }}>{m['profile.delete.button']}</Button>
          </div>
        </div>
      </div>

      <Modal
        isOpen={deletion !== 'closed'}
        onOpenChange={(open) => { if (!open) close(); }}
        title={m['profile.delete.title']}
        role="alertdialog"
        isLoading={busy}
        footer={entering ? (
          <>
            <Button variant="secondary" onPress={() => send({ type: 'deletion.resend' })} isDisabled={busy}>{m['profile.delete.resend']}</Button>
            <Button variant="primary" className={s.dangerSolid} isPending={deletion === 'deleting'} onPress={() => send({ type: 'deletion.confirm', code })}>{m['profile.delete.confirm']}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={close} isDisabled={busy}>{m['profile.delete.cancel']}</Button>
            <Button variant="primary" isPending={deletion === 'sending'} onPress={() => send({ type: 'deletion.sendCode' })}>{m['profile.delete.sendCode']}</Button>
          </>
        )}
      >
        <div className={s.form}>
          <p className={s.text}>{m['profile.delete.lead']}</p>
          {entering ? (
            <>
              {context.phoneLast4 ? <p className={s.text} role="status">{fill('profile.delete.codeSent', { last4: context.phoneLast4 })}</p> : null}
              <CodeInput label={m['profile.delete.code']} value={code} onChange={setCode} isDisabled={deletion === 'deleting'} autoFocus
                errorMessage={context.deletionError ? m[context.deletionError] : undefined} />
            </>
          ) : (
            <>
              <p className={s.muted}>{m['profile.delete.explain']}</p>
              <h3 id="profile-kept" className={s.subTitle}>{m['profile.delete.kept']}</h3>
              <RetentionList categories={willKeep} labelledBy="profile-kept" />
              {context.deletionError ? <Notice tone="error">{m[context.deletionError]}</Notice> : null}
            </>
          )}
        </div>
      </Modal>
    </section>
  );
}
