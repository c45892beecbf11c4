import { useRef, useState } from 'react';
import { checkoutMachine } from '#machines/checkout/checkoutMachine';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { checkoutActors } from './actors';
import { CheckoutPage } from './CheckoutPage';
import { Documents } from './parts/Documents';
import { HolderCard, type HolderCardHandle } from './parts/HolderCard';

export interface CheckoutFlowProps {
  getApi: () => Promise<Api>;
  onGo: (path: ScreenPath) => void;
  /** the year the expiry list starts from (spec §5: the current one across 20 years) */
  currentYear?: number;
  /** the side navigation reloads the customer's steps (the contracts moved the process to CONTRACT) */
  onMenuChanged?: () => void;
}

/** The checkout machine with its API calls, rendering the booking page. */
export function CheckoutFlow({ getApi, onGo, currentYear = new Date().getFullYear(), onMenuChanged }: CheckoutFlowProps) {
  const [state, send] = usePageMachine(checkoutMachine, checkoutActors(getApi), {
    actions: { goToPlans: () => onGo(PATHS.planSignature) },
  });
  const holder = useRef<HolderCardHandle | null>(null);
  const [documentsDone, setDocumentsDone] = useState(false);
  const documents = (
    <>
      <Documents getApi={getApi} onConfirmSent={() => holder.current?.open()} onReviewing={setDocumentsDone} />
      <div hidden={!documentsDone}><HolderCard getApi={getApi} onGo={onGo} openRef={holder} onMenuChanged={onMenuChanged} /></div>
    </>
  );
  return <CheckoutPage state={state} send={send} currentYear={currentYear} documents={documents} />;
}

/** /booking-payment inside the signed-in shell. */
export default function CheckoutScreen() {
  return <CheckoutFlow getApi={useApiLoader()} onGo={useGo()} onMenuChanged={useMenuReload()} />;
}
