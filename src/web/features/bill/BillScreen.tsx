import { useMemo, useState } from 'react';
import { billMachine } from '#machines/bill/billMachine';
import { nextStepAfterBill, type NextStep } from '#shared/bill/rules';
import type { ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader, useJourney, useJourneyActor } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { hasPaymentType } from '../../journey/session';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine } from '../../journey/usePageMachine';
import { billActors } from './actors';
import { BillPage } from './BillPage';

export interface BillFlowProps {
  getApi: () => Promise<Api>;
  /** the unserved-region notice's 'Fechar' */
  onLogout: () => void;
  /** the bill step changed (bill sent, analysis outcome): the side navigation reloads */
  onBillChanged?: () => void;
  /** where the journey goes after an approved bill (from the reloaded menu), offered as a button */
  next?: NextStep | null;
  onGo?: (path: ScreenPath) => void;
  /** the machine's polling intervals (tests shorten them); read once, at mount */
  delays?: Partial<Record<'analysisPollInterval' | 'staffDecisionPollInterval', number>>;
}

/** The bill machine with its API calls and the journey's side effects, rendering the bill page. */
export function BillFlow({ getApi, onLogout, onBillChanged, next, onGo, delays }: BillFlowProps) {
  const [machine] = useState(() => (delays ? billMachine.provide({ delays }) : billMachine));
  const [state, send] = usePageMachine(machine, billActors(getApi), {
    actions: { logOut: () => onLogout() },
    onMenuChanged: onBillChanged,
  });
  return <BillPage state={state} send={send} next={next} onGo={onGo} />;
}

/** The bill route inside the signed-in shell. */
export default function BillScreen() {
  const getApi = useApiLoader();
  const actor = useJourneyActor();
  const onLogout = useMemo(() => () => actor.send({ type: 'logout' }), [actor]);
  const reloadMenu = useMenuReload();
  const customer = useJourney((st) => st.context.customer);
  const next = useMemo(() => nextStepAfterBill(customer, hasPaymentType()), [customer]);
  const go = useGo();
  return <BillFlow getApi={getApi} onLogout={onLogout} onBillChanged={reloadMenu} next={next} onGo={go} />;
}
