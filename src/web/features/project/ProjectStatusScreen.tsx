import { projectMachine } from '#machines/project/projectMachine';
import type { ProjectMessage } from '#shared/project/payloads';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { saveInBrowser } from '../../ui/download/saveFile';
import { projectActors } from './actors';
import { ProjectStatusPage } from './ProjectStatusPage';

export interface ProjectStatusFlowProps {
  getApi: () => Promise<Api>;
  /** the side navigation reloads the customer's steps (the case was opened here) */
  onMenuChanged?: () => void;
}

/** The project-status machine with its API calls and toasts, rendering the project-status page. */
export function ProjectStatusFlow({ getApi, onMenuChanged }: ProjectStatusFlowProps) {
  const [state, send] = usePageMachine(projectMachine, projectActors(getApi), { onMenuChanged });
  const caseId = state.context.data?.caseView.id;
  const download = async (message: ProjectMessage) => {
    if (caseId === undefined || !message.attachment) return;
    saveInBrowser(await (await getApi()).downloadMuralAttachment(caseId, message.id), message.attachment.name);
  };
  return <ProjectStatusPage state={state} send={send} onDownloadAttachment={download} />;
}

/** /project-status inside the signed-in shell. */
export default function ProjectStatusScreen() {
  return <ProjectStatusFlow getApi={useApiLoader()} onMenuChanged={useMenuReload()} />;
}
