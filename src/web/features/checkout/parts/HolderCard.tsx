import { holderMachine } from '#machines/holder/holderMachine';
import { CONTRACTS_GENERATED_TOAST_MS } from '#shared/contract/rules';
import { messages as m, type MessageKey } from '#shared/messages';
import { PATHS, type ScreenPath } from '#shared/routes';
import type { Api } from '../../../api/client';
import { usePageMachine } from '../../../journey/usePageMachine';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { Notice } from '../../../ui/Notice/Notice';
import { toast } from '../../../ui/Toast/toastQueue';
import { holderActors } from '../holderActors';
import { HolderForm } from './HolderForm';
import * as s from '../CheckoutPage.css';

export interface HolderCardHandle { open: () => void }

/**
 * The holder data and the contracts on the booking screen (spec §4 "Consumer data save"): the
 * holder form in a modal, opened by the documents' confirm (`openRef`) or by the card's button;
 * once the contracts are generated, the way to sign them.
 */
export function HolderCard({ getApi, onGo, openRef, onMenuChanged }: {
  getApi: () => Promise<Api>;
  onGo: (path: ScreenPath) => void;
  openRef?: { current: HolderCardHandle | null };
  onMenuChanged?: () => void;
}) {
  const [state, send] = usePageMachine(holderMachine, holderActors(getApi), {
    actions: {
      goToSignature: () => onGo(PATHS.customersSignature),
      notifySuccess: (_: unknown, params: { key: MessageKey }) => {
        toast.success(m[params.key], params.key === 'contract.generated' ? { timeout: CONTRACTS_GENERATED_TOAST_MS } : undefined);
      },
    },
    onMenuChanged,
  });
  if (openRef) openRef.current = { open: () => send({ type: 'consumer.open' }) };
  const c = state.context;
  if (state.matches('loading') || state.matches('deciding')) return null;
  if (state.matches('loadFailed')) {
    return (
      <section className={s.panel} aria-labelledby="booking-contracts">
        <h2 id="booking-contracts" className={s.panelTitle}>{m['contract.title']}</h2>
        <Notice tone="error">{m['contract.load.error']}</Notice>
        <div><Button variant="secondary" onPress={() => send({ type: 'page.retry' })}>{m['contract.retry']}</Button></div>
      </section>
    );
  }
  const data = c.data!;
  const busy = state.matches('saving') || state.matches('generating');
  return (
    <section className={s.panel} aria-labelledby="booking-contracts">
      <h2 id="booking-contracts" className={s.panelTitle}>{m['contract.title']}</h2>
      {state.matches('generated') ? (
        <>
          <Notice tone="success">{m['contract.ready']}</Notice>
          <div><Button variant="primary" onPress={() => send({ type: 'contracts.open' })}>{m['contract.goSign']}</Button></div>
        </>
      ) : (
        <>
          <p className={s.muted}>{m['contract.holderLead']}</p>
          <div><Button variant="secondary" onPress={() => send({ type: 'consumer.open' })}>{m['contract.holderOpen']}</Button></div>
        </>
      )}
      <Modal
        isOpen={state.matches('editing') || busy}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'consumer.cancel' }); }}
        title={m[`consumer.title.${data.form}`]}
        isLoading={busy}
        size="md"
      >
        <HolderForm
          inModal form={data.form} initial={data.initial} busy={busy} error={c.error}
          onSubmit={(submission) => send({ type: 'consumer.submit', submission })}
          onCancel={() => send({ type: 'consumer.cancel' })}
        />
      </Modal>
    </section>
  );
}
