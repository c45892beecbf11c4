import type { ProfileEvent } from '#machines/profile/profileMachine';
import { messages as m } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import * as s from '../ProfilePage.css';

/** 'Sair de todos os dispositivos' (issue 29, F15): every other session ends, this one goes on; the toast says it was done. */
export function Sessions({ ending, send }: { ending: boolean; send: (event: ProfileEvent) => unknown }) {
  return (
    <section className={s.panel} aria-labelledby="profile-sessions">
      <h2 id="profile-sessions" className={s.panelTitle}>{m['profile.sessions.title']}</h2>
      <p className={s.text}>{m['profile.sessions.lead']}</p>
      <div className={s.actions}>
        <Button variant="secondary" isPending={ending} onPress={() => send({ type: 'sessions.endOthers' })}>{m['profile.sessions.button']}</Button>
      </div>
    </section>
  );
}
