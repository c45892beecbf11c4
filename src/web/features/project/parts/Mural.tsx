import { messages as m } from '#shared/messages';
import type { ProjectMessage } from '#shared/project/payloads';
import { whenText } from './dates';
import * as s from '../ProjectStatusPage.css';

/** 'Mural de Status' (spec §2): the staff's messages, newest first and emphasised; 'Nenhuma mensagem no momento' when empty. */
export function Mural({ messages }: { messages: readonly ProjectMessage[] }) {
  return (
    <section className={s.card} aria-labelledby="project-mural">
      <h2 id="project-mural" className={s.cardTitle}>{m['project.mural']}</h2>
      {messages.length === 0 ? <p className={s.muted}>{m['project.mural.empty']}</p> : (
        <ol className={s.mural}>
          {messages.map((msg, i) => (
            <li key={msg.id} className={i === 0 ? s.messageOf.newest : s.messageOf.older}>
              {i === 0 ? <span className={s.newestTag}>{m['project.mural.newest']}</span> : null}
              <p className={s.messageText}>{msg.message}</p>
              <time className={s.messageWhen} dateTime={msg.created_at}>{whenText(msg.created_at)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
