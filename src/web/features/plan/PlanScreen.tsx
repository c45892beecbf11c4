import { planMachine } from '#machines/plan/planMachine';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { planActors } from './actors';
import { PlanPage } from './PlanPage';

export interface PlanFlowProps {
  getApi: () => Promise<Api>;
  /** the journey reloads the side navigation */
  onMenuChanged: () => void;
  /** goes to a private screen (booking-payment, the contracts) */
  onGo: (path: ScreenPath) => void;
}

/** The plans machine with its API calls and the journey's side effects, rendering the plans page. */
export function PlanFlow({ getApi, onMenuChanged, onGo }: PlanFlowProps) {
  const [state, send] = usePageMachine(planMachine, planActors(getApi), {
    actions: {
      goToBooking: () => onGo(PATHS.bookingPayment),
      goToContracts: () => onGo(PATHS.customersSignature),
    },
    onMenuChanged,
  });
  return <PlanPage state={state} send={send} />;
}

/** /plan-signature inside the signed-in shell. */
export default function PlanScreen() {
  return <PlanFlow getApi={useApiLoader()} onMenuChanged={useMenuReload()} onGo={useGo()} />;
}
