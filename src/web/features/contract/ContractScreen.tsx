import { contractMachine } from '#machines/contract/contractMachine';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { contractActors } from './actors';
import { ContractPage } from './ContractPage';

export interface ContractFlowProps {
  getApi: () => Promise<Api>;
  onGo: (path: ScreenPath) => void;
  /** the side navigation reloads the customer's steps */
  onMenuChanged?: () => void;
}

/** The signing machine with its API calls, rendering the contracts page. */
export function ContractFlow({ getApi, onGo, onMenuChanged }: ContractFlowProps) {
  const [state, send] = usePageMachine(contractMachine, contractActors(getApi), {
    actions: {
      goToBooking: () => onGo(PATHS.bookingPayment),
      goToProjectStatus: () => onGo(PATHS.projectStatus),
    },
    onMenuChanged,
  });
  return <ContractPage state={state} send={send} />;
}

/** /customers-signature inside the signed-in shell. */
export default function ContractScreen() {
  return <ContractFlow getApi={useApiLoader()} onGo={useGo()} onMenuChanged={useMenuReload()} />;
}
