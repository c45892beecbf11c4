import { useRef, useState } from 'react';
import { paymentMachine } from '#machines/payment/paymentMachine';
import { messages as m } from '#shared/messages';
import { CONTRACTS_GENERATED_TOAST_MS } from '#shared/contract/rules';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { clearPaymentType } from '../../journey/session';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { toast } from '../../ui/Toast/toastQueue';
import { paymentActors } from './actors';
import { PaymentPage } from './PaymentPage';

/** A tab opened inside the click, pointed at a URL once the call answers (null: the browser blocked it). */
export type OpenTab = () => { go: (url: string) => void; close: () => void } | null;

/** window.open('', '_blank') in the click: the browser allows a new tab only in the customer's gesture. */
export const openBlankTab: OpenTab = () => {
  const tab = typeof window === 'undefined' ? null : window.open('', '_blank');
  if (!tab) return null;
  // the invoice's page must not reach back into the portal
  tab.opener = null;
  return { go: (url) => { tab.location.href = url; }, close: () => tab.close() };
};

export interface PaymentFlowProps {
  getApi: () => Promise<Api>;
  onGo: (path: ScreenPath) => void;
  /** the side navigation reloads the customer's steps */
  onMenuChanged?: () => void;
  /** the new tab of the invoice (tests pass their own) */
  openTab?: OpenTab;
}

/** The financing machine with its API calls and edge effects (payment type, new tab, toasts), rendering the payment page. */
export function PaymentFlow({ getApi, onGo, onMenuChanged, openTab = openBlankTab }: PaymentFlowProps) {
  const tab = useRef<ReturnType<OpenTab>>(null);
  const [today] = useState(() => new Date());
  const [state, send] = usePageMachine(paymentMachine, paymentActors(getApi), {
    input: { today },
    actions: {
      clearPaymentType: () => clearPaymentType(),
      goToProposalFinal: () => onGo(PATHS.proposalFinal),
      notifyContractsGenerated: () => { toast.success(m['contract.generated'], { timeout: CONTRACTS_GENERATED_TOAST_MS }); },
      openInvoiceTab: (_, params) => {
        tab.current?.go(params.url);
        tab.current = null;
      },
      discardInvoiceTab: () => {
        tab.current?.close();
        tab.current = null;
      },
    },
    onMenuChanged,
  });
  const createInvoice = () => {
    if (!state.can({ type: 'invoice.create', tabOpened: true })) return;
    tab.current = openTab();
    send({ type: 'invoice.create', tabOpened: tab.current !== null });
  };
  return <PaymentPage state={state} send={send} onCreateInvoice={createInvoice} />;
}

/** /payment inside the signed-in shell. */
export default function PaymentScreen() {
  return <PaymentFlow getApi={useApiLoader()} onGo={useGo()} onMenuChanged={useMenuReload()} />;
}
