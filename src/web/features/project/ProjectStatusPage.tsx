import type { SnapshotFrom } from 'xstate';
import type { ProjectEvent, projectMachine } from '#machines/project/projectMachine';
import { fill, messages as m } from '#shared/messages';
import { isWithDistributor, whatsAppChatUrl } from '#shared/project/rules';
import { FaqDialog } from '../../ui/FaqDialog/FaqDialog';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { visuallyHidden } from '../../theme/a11y.css';
import { Dealership } from './parts/Dealership';
import { Mural, type DownloadAttachment } from './parts/Mural';
import { ProjectSteps } from './parts/ProjectSteps';
import { ProjectUpload } from './parts/ProjectUpload';
import * as s from './ProjectStatusPage.css';
import { SCREENS } from '#shared/routes';

export type ProjectStatusSnapshot = SnapshotFrom<typeof projectMachine>;

export interface ProjectStatusPageProps {
  state: ProjectStatusSnapshot;
  send: (event: ProjectEvent) => ProjectStatusSnapshot;
  /** saves the file the team attached to a mural message */
  onDownloadAttachment?: DownloadAttachment;
}

const WhatsAppIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.7-1.2 2.2 2.2 0 0 0 .2-1.2c-.1-.1-.3-.2-.5-.3z" />
  </svg>
);

/** The chat with the team on WhatsApp, its message naming the customer's project; in a new tab. */
function WhatsAppLink({ project, number }: { project: number; number: string }) {
  return (
    <a className={s.whatsapp} href={whatsAppChatUrl(number, fill('project.whatsapp.text', { project }))} target="_blank" rel="noopener noreferrer">
      <WhatsAppIcon />
      {m['project.whatsapp']}
      <span className={visuallyHidden}>{` ${m['project.newTab']}`}</span>
    </a>
  );
}

/**
 * The project-status screen (spec §2): 'Status do Projeto', the seven steps, the request with the
 * distributor (from PROJECT_SUBMITTED_TO_DEALERSHIP on), the 'Mural de Status', the upload while
 * staff keep it open, and 'Preciso de atendimento' with the FAQ and the team on WhatsApp.
 */
export function ProjectStatusPage({ state, send, onDownloadAttachment }: ProjectStatusPageProps) {
  const c = state.context;
  const settled = !state.matches('loading');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  if (!settled) return <PageLoading head={SCREEN_HEADS.projectStatus} />;
  if (state.matches('loadFailed') || !c.data) {
    return (
      <Page title={SCREENS.projectStatus.title} titleRef={titleRef} width="wide">
        <Notice tone="error">{m['project.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => { retrying(); send({ type: 'page.retry' }); }}>{m['project.retry']}</Button></div>
      </Page>
    );
  }
  const view = c.data.caseView;
  const faqOpen = state.matches('faq') || state.matches('faqLoading');
  return (
    <Page title={SCREENS.projectStatus.title} titleRef={titleRef} lead={m['project.lead']} width="wide" busy={state.matches({ ready: 'uploading' })}>
      <section className={s.card} aria-label={m['project.steps']}>
        <ProjectSteps status={view.project_status} />
      </section>
      <div className={s.layout}>
        <div className={s.column}>
          <Mural messages={view.messages} onDownload={onDownloadAttachment} />
          {view.upload_available ? (
            <ProjectUpload
              file={c.file} error={c.fileError} files={view.files} sending={state.matches({ ready: 'uploading' })}
              onChoose={(file) => send({ type: 'file.choose', file: { name: file.name, size: file.size, type: file.type, blob: file } })}
              onRemove={() => send({ type: 'file.remove' })}
              onSend={() => send({ type: 'upload.send' })}
            />
          ) : null}
        </div>
        <div className={s.column}>
          {isWithDistributor(view.project_status) ? <Dealership dealership={view.dealership} /> : null}
          <section className={`${s.card} ${s.help}`} aria-labelledby="project-help">
            <h2 id="project-help" className={s.cardTitle}>{m['project.help.title']}</h2>
            <p className={s.muted}>{m['project.help.text']}</p>
            <Button variant="secondary" onPress={() => send({ type: 'faq.open' })} isDisabled={state.matches({ ready: 'uploading' })}>{m['project.help']}</Button>
          </section>
        </div>
      </div>
      <FaqDialog
        isOpen={faqOpen}
        onOpenChange={(open) => { if (!open) send({ type: 'faq.close' }); }}
        entries={c.faq ?? []}
        isLoading={state.matches('faqLoading')}
        error={state.matches('faq') && c.faqFailed ? m['project.faq.error'] : null}
        footer={<WhatsAppLink project={view.id} number={c.data.whatsapp} />}
      />
    </Page>
  );
}
