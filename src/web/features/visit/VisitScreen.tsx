import { visitMachine } from '#machines/visit/visitMachine';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useGo } from '../../journey/useGo';
import { useMenuReload } from '../../journey/useMenuReload';
import { usePageMachine, type MachineClock } from '../../journey/usePageMachine';
import { visitActors } from './actors';
import { VisitPage } from './VisitPage';

export interface VisitFlowProps {
  getApi: () => Promise<Api>;
  /** the clock (tests give a fixed one) */
  now?: () => Date;
  /** the clock of the machine's delays (the CEP message's 10 s); tests give a simulated one */
  timers?: MachineClock;
  /** the journey reloads the side menu (the visit step changed) */
  onMenuChanged: () => void;
  /** the step bar's 'Escolha seu plano' and 'Voltar' */
  onNavigate: (path: ScreenPath) => void;
}

/** The visit machine with its API calls, toasts and the journey's side effects, rendering the visit page. */
export function VisitFlow({ getApi, now, timers, onMenuChanged, onNavigate }: VisitFlowProps) {
  const [state, send] = usePageMachine(visitMachine, visitActors(getApi), {
    input: { now: now ?? (() => new Date()) },
    actions: {
      goNext: () => onNavigate(PATHS.planSignature),
      goBack: () => onNavigate(PATHS.bill),
    },
    onMenuChanged,
    ...(timers ? { clock: timers } : {}),
  });
  return <VisitPage state={state} send={send} />;
}

/** Mounted by the private shell at /technical-visit. */
export default function VisitScreen() {
  const getApi = useApiLoader();
  const reloadMenu = useMenuReload();
  const go = useGo();
  return <VisitFlow getApi={getApi} onMenuChanged={reloadMenu} onNavigate={go} />;
}
