import type { ProfileData, ProfileEvent } from '#machines/profile/profileMachine';
import type { ContractItem } from '#shared/contract/payloads';
import { messages as m } from '#shared/messages';
import { PURCHASE_CONTRACT_TYPES, paysByInvoice, profileStepButtons, signButtonOf, type PurchaseContractType, type SignRefusal } from '#shared/profile/rules';
import { Button } from '../../../ui/Button/Button';
import { Modal } from '../../../ui/Modal/Modal';
import { SigningFrame } from '../../../ui/SigningFrame/SigningFrame';
import * as s from '../ProfilePage.css';

export interface PurchaseStepsProps {
  data: ProfileData;
  /** the contract in the signing frame, and whether the server is being asked about it */
  framing: ContractItem | null;
  checking: boolean;
  refusal: SignRefusal | null;
  paying: boolean;
  send: (event: ProfileEvent) => unknown;
}

/** spec §3 signature entry: 'Contrato de compra', 'Procuração' */
const CONTRACT_NAME: Record<PurchaseContractType, 'payment.contract.purchase' | 'payment.contract.procuration'> = {
  PURCHASE_CONTRACT: 'payment.contract.purchase', POWER_OF_ATTORNEY: 'payment.contract.procuration',
};
const SIGN_LABEL: Record<PurchaseContractType, 'profile.steps.signContract' | 'profile.steps.signProcuration'> = {
  PURCHASE_CONTRACT: 'profile.steps.signContract', POWER_OF_ATTORNEY: 'profile.steps.signProcuration',
};

/**
 * spec §2 step block of a buyer: the contract (sign the purchase contract, then the power of
 * attorney) and payment-and-documents, with the enable rules of spec §4 "Contract step (profile)".
 */
export function PurchaseSteps({ data, framing, checking, refusal, paying, send }: PurchaseStepsProps) {
  const buttons = profileStepButtons({ contracts: data.contracts, invoice: data.invoice });
  const cash = paysByInvoice(data.customer.payment_type);
  const signed = (type: PurchaseContractType) => data.contracts.some((c) => c.type === type && c.is_client_signed);
  return (
    <section className={`${s.panel} ${s.wide}`} aria-labelledby="profile-steps">
      <h2 id="profile-steps" className={s.panelTitle}>{m['profile.steps.title']}</h2>
      <div className={s.steps}>
        <div className={s.step}>
          <h3 className={s.subTitle}>{m['profile.steps.contract']}</h3>
          <ul className={s.list} aria-label={m['profile.steps.contract']}>
            {PURCHASE_CONTRACT_TYPES.map((type) => (
              <li key={type} className={s.item}>
                <span>{m[CONTRACT_NAME[type]]}</span>
                <span className={signed(type) ? s.status.APPROVED : s.status.PENDING}>{signed(type) ? m['profile.contracts.signed'] : m['profile.contracts.pending']}</span>
              </li>
            ))}
          </ul>
          <div className={s.stepButtons}>
            {PURCHASE_CONTRACT_TYPES.map((type) => (
              <Button key={type} variant="primary" isDisabled={!buttons[signButtonOf(type)]} onPress={() => send({ type: 'contract.sign', contract: type })}>
                {m[SIGN_LABEL[type]]}
              </Button>
            ))}
          </div>
        </div>
        <div className={s.step}>
          <h3 className={s.subTitle}>{m['profile.steps.payment']}</h3>
          {cash ? (
            <>
              <div className={s.stepButtons}>
                <Button variant="primary" isDisabled={!buttons.payment} isPending={paying} onPress={() => send({ type: 'payment.start' })}>{m['profile.steps.pay']}</Button>
              </div>
              {data.invoice !== null && data.invoice !== 'unknown' ? <p className={s.muted}>{m['profile.steps.invoiceCreated']}</p> : null}
            </>
          ) : <p className={s.muted}>{m['profile.steps.financing']}</p>}
          <div className={s.actions}><Button variant="link" onPress={() => send({ type: 'payment.go' })}>{m['profile.steps.goPayment']}</Button></div>
        </div>
      </div>

      <Modal
        isOpen={framing !== null}
        onOpenChange={(open) => { if (!open) send({ type: 'frame.close' }); }}
        title={framing?.name ?? m['contract.frame.title']}
        size={framing?.type === 'POWER_OF_ATTORNEY' ? 'lg' : 'xl'}
        isLoading={checking}
        footer={<Button variant="secondary" onPress={() => send({ type: 'frame.close' })} isPending={checking}>{m['contract.frame.close']}</Button>}
      >
        {framing ? <SigningFrame contract={framing} origin={data.frameOrigin} onSigned={() => send({ type: 'frame.signed' })} /> : null}
      </Modal>

      <Modal
        isOpen={refusal !== null}
        onOpenChange={(open) => { if (!open) send({ type: 'notNow.close' }); }}
        title={m['profile.notNow.title']}
        role="alertdialog"
        footer={(
          <>
            <Button variant="secondary" onPress={() => send({ type: 'payment.go' })}>{m['profile.steps.goPayment']}</Button>
            <Button variant="primary" onPress={() => send({ type: 'notNow.close' })}>{m['profile.notNow.ok']}</Button>
          </>
        )}
      >
        {refusal ? <p className={s.text}>{m[`profile.notNow.${refusal}`]}</p> : null}
      </Modal>
    </section>
  );
}
