import { useCallback, useMemo, useRef } from 'react';
import type { ProfileEvent } from '#machines/profile/profileMachine';
import { profileMachine } from '#machines/profile/profileMachine';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader, useJourneyActor } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { clearAccountDeleted, markAccountDeleted } from '../../journey/session';
import { saveInBrowser, type SaveFile } from '../../ui/download/saveFile';
import { profileActors } from './actors';
import { ProfilePage } from './ProfilePage';

/** A tab for the invoice, opened in the customer's click (a browser allows new tabs only then), sent to the invoice once it exists. */
export type InvoiceTab = { go: (url: string) => void; close: () => void };
export type OpenTab = () => InvoiceTab | null;

export const openBlankTab: OpenTab = () => {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // the invoice's page must not reach back into the portal
  tab.opener = null;
  return { go: (url) => { tab.location.href = url; }, close: () => tab.close() };
};

export interface ProfileFlowProps {
  getApi: () => Promise<Api>;
  onGo: (path: ScreenPath) => void;
  /** the journey logs out ('Sair' after the account's deletion) */
  onLogout: () => void;
  /** the side navigation and the header reload the customer (a new name) */
  onMenuChanged?: () => void;
  openTab?: OpenTab;
  saveFile?: SaveFile;
  /** the year the card's expiry list starts from (spec §5: the current one across 20 years) */
  currentYear?: number;
}

/** The profile machine with its API calls and the journey's side effects, rendering 'Meu perfil'. */
export function ProfileFlow({ getApi, onGo, onLogout, onMenuChanged, openTab = openBlankTab, saveFile = saveInBrowser, currentYear = new Date().getFullYear() }: ProfileFlowProps) {
  const tab = useRef<InvoiceTab | null>(null);
  const [state, send] = usePageMachine(profileMachine, profileActors(getApi, saveFile), {
    actions: {
      goToPayment: () => onGo(PATHS.payment),
      goToContracts: () => onGo(PATHS.customersSignature),
      openInvoice: (_, params) => {
        // a blocked tab: the invoice replaces nothing, it opens where the browser lets it
        if (tab.current) tab.current.go(params.url);
        else window.open(params.url, '_blank', 'noopener,noreferrer');
        tab.current = null;
      },
      closeInvoiceTab: () => { tab.current?.close(); tab.current = null; },
      accountDeleted: () => markAccountDeleted(),
      logOut: () => { clearAccountDeleted(); onLogout(); },
    },
    onMenuChanged,
  });
  const sendFromPage = useCallback((event: ProfileEvent) => {
    if (event.type !== 'payment.start') return send(event);
    tab.current = openTab();
    const next = send(event);
    if (!next.matches({ ready: 'paying' })) { tab.current?.close(); tab.current = null; }
    return next;
  }, [send, openTab]);
  return <ProfilePage state={state} send={sendFromPage} currentYear={currentYear} />;
}

/** /profile inside the signed-in shell. */
export default function ProfileScreen() {
  const actor = useJourneyActor();
  const onLogout = useMemo(() => () => actor.send({ type: 'logout' }), [actor]);
  return <ProfileFlow getApi={useApiLoader()} onGo={useGo()} onLogout={onLogout} onMenuChanged={useMenuReload()} />;
}
