import { useState } from 'react';
import { messages as m } from '#shared/messages';
import type { ProjectMessage } from '#shared/project/payloads';
import { whenText } from './dates';
import * as s from '../ProjectStatusPage.css';
import * as a from './Mural.css';

/** Saves the file attached to a message (the download goes with the customer's session). */
export type DownloadAttachment = (message: ProjectMessage) => Promise<void>;

const kb = (size: number) => (size < 1024 * 1024 ? `${Math.max(1, Math.round(size / 1024))} KB` : `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB`);

/** The file the team attached: its name and size; a failed download says so under it. */
function Attachment({ message, onDownload }: { message: ProjectMessage & { attachment: NonNullable<ProjectMessage['attachment']> }; onDownload: DownloadAttachment }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    onDownload(message).catch(() => setFailed(true)).finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className={a.attachment} onClick={download} aria-busy={busy}>
        <svg className={a.attachmentIcon} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{`Baixar anexo: ${message.attachment.name}`}<span className={s.muted}>{` (${kb(message.attachment.size)})`}</span></span>
      </button>
      {failed ? <p role="alert" className={a.attachmentError}>Não foi possível baixar o anexo. Tente novamente.</p> : null}
    </>
  );
}

/** 'Mural de Status' (spec §2): the staff's messages, newest first and emphasised, with the file the team attached; 'Nenhuma mensagem no momento' when empty. */
export function Mural({ messages, onDownload }: { messages: readonly ProjectMessage[]; onDownload?: DownloadAttachment }) {
  return (
    <section className={s.card} aria-labelledby="project-mural">
      <h2 id="project-mural" className={s.cardTitle}>{m['project.mural']}</h2>
      {messages.length === 0 ? <p className={s.muted}>{m['project.mural.empty']}</p> : (
        <ol className={s.mural}>
          {messages.map((msg, i) => (
            <li key={msg.id} className={i === 0 ? s.messageOf.newest : s.messageOf.older}>
              {i === 0 ? <span className={s.newestTag}>{m['project.mural.newest']}</span> : null}
              <p className={s.messageText}>{msg.message}</p>
              {msg.attachment && onDownload ? <Attachment message={{ ...msg, attachment: msg.attachment }} onDownload={onDownload} /> : null}
              <time className={s.messageWhen} dateTime={msg.created_at}>{whenText(msg.created_at)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
