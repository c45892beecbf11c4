import { screenPath } from '#machines/journey/journeyMachine';
import { proposalMachine } from '#machines/proposal/proposalMachine';
import type { ProposalType } from '#shared/proposal/rules';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader, useJourney } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { writePaymentType } from '../../journey/session';
import { proposalActors } from './actors';
import { saveInBrowser, type SaveFile } from '../../ui/download/saveFile';
import { ProposalPage } from './ProposalPage';

export { saveInBrowser, type SaveFile } from '../../ui/download/saveFile';

export interface ProposalFlowProps {
  type: ProposalType;
  getApi: () => Promise<Api>;
  /** the journey reloads the side navigation */
  onMenuChanged: () => void;
  /** goes to a private screen (payment, technical visit, final proposal) */
  onGo: (path: ScreenPath) => void;
  saveFile?: SaveFile;
}

/**
 * The proposal machine with its API calls and the journey's side effects (the payment type in
 * local storage, the menu reload, on to payment), rendering the proposal page.
 */
export function ProposalFlow({ type, getApi, onMenuChanged, onGo, saveFile = saveInBrowser }: ProposalFlowProps) {
  const [state, send] = usePageMachine(proposalMachine, proposalActors(getApi, saveFile), {
    input: { type },
    actions: {
      storePaymentType: (_, params) => writePaymentType(params.paymentType),
      goToPayment: () => onGo(PATHS.payment),
    },
    onMenuChanged,
  });
  return <ProposalPage type={type} state={state} send={send} onGo={onGo} />;
}

/** The proposal routes inside the signed-in shell: /proposal-initial and /proposal-final. */
export default function ProposalScreen() {
  const getApi = useApiLoader();
  const type: ProposalType = useJourney((st) => screenPath(st)) === PATHS.proposalFinal ? 'FINAL' : 'INITIAL';
  const reloadMenu = useMenuReload();
  const go = useGo();
  return <ProposalFlow key={type} type={type} getApi={getApi} onMenuChanged={reloadMenu} onGo={go} />;
}
