import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  documentsToSend, financingCard, signaturesOf, type Chosen, type PaymentEvent, type paymentMachine,
} from '#machines/payment/paymentMachine';
import { messages as m } from '#shared/messages';
import { financingUploadEnabled } from '#shared/payment/rules';
import { proposalFigures } from '#shared/proposal/rules';
import { SCREENS } from '#shared/routes';
import { Button } from '../../ui/Button/Button';
import { PageLoading } from '../../ui/Page/PageLoading';
import { SCREEN_HEADS } from '#shared/screenHeads';
import { Modal } from '../../ui/Modal/Modal';
import { Notice } from '../../ui/Notice/Notice';
import { Page } from '../../ui/Page/Page';
import { useTitleAfterRetry } from '../../ui/Page/useTitleAfterRetry';
import { SigningFrame } from '../../ui/SigningFrame/SigningFrame';
import { ProposalCards } from '../../ui/Proposal/ProposalCards';
import { ProposalDetails } from '../../ui/Proposal/ProposalDetails';
import { BenefitList, EquipmentList } from '../../ui/Proposal/ProposalEquipment';
import { ContractDataForm } from './parts/ContractDataForm';
import { FinancingStatusCard, PartnerBanks } from './parts/FinancingParts';
import { InvoicePanel } from './parts/InvoicePanel';
import { PurchaseContracts, contractLabel } from './parts/PurchaseContracts';
import { PurchaseDocuments } from './parts/PurchaseDocuments';
import * as s from './PaymentPage.css';

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export interface PaymentPageProps {
  state: PaymentSnapshot;
  send: (event: PaymentEvent) => PaymentSnapshot;
  /** 'Gerar fatura': the screen opens the new tab inside the click (a browser allows it only there) */
  onCreateInvoice: () => void;
}

/** Which of the buyer's points the page shows (the machine's page.step state). */
type Step = 'routing' | 'noChoice' | 'notRequested' | 'inEvaluation' | 'denied' | 'contractData' | 'signing' | 'invoice' | 'documents';
const STEPS: readonly Step[] = ['noChoice', 'notRequested', 'inEvaluation', 'denied', 'contractData', 'signing', 'invoice', 'documents'];
const stepOf = (state: PaymentSnapshot): Step => STEPS.find((step) => state.matches({ page: { step } } as never)) ?? 'routing';

/** The payment and contract screen (spec §2 "Payment and contract screen"): a view of the financing machine's state. */
export function PaymentPage({ state, send, onCreateInvoice }: PaymentPageProps) {
  const c = state.context;
  const settled = !state.matches('loading') && !state.matches('deciding') && !state.matches('supplying');
  const { titleRef, retrying } = useTitleAfterRetry(settled);
  const retry = () => { retrying(); send({ type: 'page.retry' }); };
  const step = state.matches('page') ? stepOf(state) : null;
  // the buyer moved on (signed, paid): the keyboard goes to the new part's heading, not the page's top
  const stepRef = useRef<Step | null>(null);
  useEffect(() => {
    const before = stepRef.current;
    stepRef.current = step;
    if (before && step && before !== step) document.getElementById(step === 'documents' ? 'payment-documents' : step === 'invoice' ? 'payment-invoice' : 'payment-step')?.focus();
  }, [step]);

  if (!settled || state.matches('leaving')) return <PageLoading head={SCREEN_HEADS.payment} />;
  const data = c.data;
  const proposal = data?.proposal ?? null;
  const title = data?.paymentType === 'FINANCING' ? m['payment.title.financing'] : data?.paymentType === 'CASH_PURCHASE' ? m['payment.title.cash'] : SCREENS.payment.title;

  if (state.matches('loadFailed') || !data) {
    return (
      <Page title={SCREENS.payment.title} titleRef={titleRef} width="wide">
        <Notice tone="error">{m['payment.load.error']}</Notice>
        <div><Button variant="secondary" onPress={retry}>{m['payment.retry']}</Button></div>
      </Page>
    );
  }

  if (state.matches('supply')) {
    return (
      <Page title={m['payment.supply.title']} titleRef={titleRef} width="wide">
        <section className={s.supply} aria-label={m['payment.supply.title']}>
          <p className={s.supplyTitle}>{m['payment.supply.congrats']}</p>
          <p className={s.muted}>{m['payment.supply.wait']}</p>
        </section>
        {proposal ? <ProposalCards proposal={proposal} /> : null}
      </Page>
    );
  }

  const signatures = signaturesOf(data);
  const card = financingCard(data);
  const cash = data.paymentType === 'CASH_PURCHASE';
  const inStep = (sub: string) => state.matches({ page: { step: { [step ?? 'routing']: sub } } } as never);
  const framing = step === 'signing' && (inStep('framing') || inStep('checking'));
  const checking = step === 'signing' && inStep('checking');
  const open = data.contracts.find((x) => x.id === c.openId) ?? null;
  const formOpen = step === 'contractData' && (inStep('form') || inStep('generating'));
  const generating = step === 'contractData' && inStep('generating');
  const bothSigned = financingUploadEnabled(signatures);
  const showContracts = step === 'contractData' || step === 'signing' || step === 'invoice' || step === 'documents';
  const showUploads = (card === 'APPROVED' && showContracts) || (cash && step === 'documents');

  const contractsSection = showContracts ? (
    <section className={s.panel} aria-labelledby="payment-step">
      <h2 id="payment-step" className={s.panelTitle} tabIndex={-1}>{m['payment.contracts.title']}</h2>
      {bothSigned ? <Notice tone="success">{m['payment.contracts.done']}</Notice> : null}
      {step === 'contractData' ? (
        <>
          <p className={s.muted}>{m['payment.contractData.lead']}</p>
          <div className={s.actions}>
            <Button variant="primary" onPress={() => send({ type: 'contractData.open' })}>{m['payment.contractData.open']}</Button>
          </div>
        </>
      ) : (
        <PurchaseContracts
          contracts={data.contracts}
          canOpen={step === 'signing' && inStep('idle')}
          onOpen={(contractId) => send({ type: 'contract.open', contractId })}
        />
      )}
      {step === 'signing' && c.error ? <Notice tone="error">{m[c.error]}</Notice> : null}
    </section>
  ) : null;

  const uploads = showUploads && data.paymentType ? (
    <PurchaseDocuments
      paymentType={data.paymentType}
      fields={documentsToSend(data)}
      chosen={c.chosen}
      fileErrors={c.fileErrors}
      error={step === 'documents' ? c.error : null}
      sending={step === 'documents' && inStep('sending')}
      canSubmit={state.can({ type: 'documents.submit' })}
      waiting={!bothSigned ? 'financing.upload.needsSignatures' : null}
      onChoose={(field, file) => send({ type: 'file.choose', field, file: file as Chosen })}
      onRemove={(field) => send({ type: 'file.remove', field })}
      onSubmit={() => send({ type: 'documents.submit' })}
    />
  ) : null;

  const main = (() => {
    switch (step) {
      case 'noChoice':
        return (
          <section className={s.panel} aria-labelledby="payment-step">
            <h2 id="payment-step" className={s.panelTitle} tabIndex={-1}>{m['payment.toProposal']}</h2>
            <p className={s.muted}>{m['payment.noChoice']}</p>
            <div className={s.actions}><Button variant="primary" onPress={() => send({ type: 'payment.back' })}>{m['payment.toProposal']}</Button></div>
          </section>
        );
      case 'notRequested':
      case 'inEvaluation':
      case 'denied':
        return <FinancingStatusCard status={card ?? 'NOT_REQUESTED'} />;
      default:
        return (
          <>
            {card === 'APPROVED' ? <FinancingStatusCard status="APPROVED" /> : null}
            {contractsSection}
            {cash && step === 'invoice' ? (
              <InvoicePanel
                invoice={data.invoice}
                creating={inStep('creating')}
                checking={inStep('checking')}
                canCreate={state.can({ type: 'invoice.create', tabOpened: true })}
                tabBlocked={c.tabBlocked}
                notice={c.notice}
                error={c.error}
                onCreate={onCreateInvoice}
                onRefresh={() => send({ type: 'invoice.refresh' })}
              />
            ) : null}
            {uploads}
          </>
        );
    }
  })();

  return (
    <Page title={title} titleRef={titleRef} lead={m['payment.lead']} width="wide" busy={checking || generating}>
      <div className={s.top}>
        {state.can({ type: 'payment.back' }) && step !== 'noChoice' ? (
          <Button variant="secondary" onPress={() => send({ type: 'payment.back' })}>{m['payment.back']}</Button>
        ) : <span />}
        {proposal ? <Button variant="link" onPress={() => send({ type: 'details.open' })}>{m['payment.details']}</Button> : null}
      </div>
      {proposal ? <ProposalCards proposal={proposal} /> : null}
      {c.error === 'payment.supply.error' ? (
        <>
          <Notice tone="error">{m[c.error]}</Notice>
          <div><Button variant="secondary" onPress={retry}>{m['payment.retry']}</Button></div>
        </>
      ) : null}
      <div className={s.columns}>
        <div className={s.stack}>{main}</div>
        <div className={s.stack}>
          {proposal ? (
            <section className={s.panel} aria-labelledby="payment-total">
              <h2 id="payment-total" className={s.panelTitle}>{m['proposal.total']}</h2>
              <p className={s.total}>{proposalFigures(proposal).total}</p>
              <p className={s.muted}>{proposalFigures(proposal).validity}</p>
            </section>
          ) : null}
          {data.paymentType === 'FINANCING' ? <PartnerBanks /> : null}
        </div>
      </div>
      {proposal ? (
        <>
          <section className={s.panel} aria-labelledby="payment-equipment">
            <h2 id="payment-equipment" className={s.panelTitle}>{m['proposal.details.equipment']}</h2>
            <EquipmentList proposal={proposal} />
          </section>
          <section className={s.panel} aria-labelledby="payment-benefits">
            <h2 id="payment-benefits" className={s.panelTitle}>{m['proposal.details.benefits']}</h2>
            <BenefitList />
          </section>
        </>
      ) : null}

      <Modal
        isOpen={formOpen}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'contractData.cancel' }); }}
        title={m['payment.contractData.title']}
        isLoading={generating}
        size="md"
      >
        <ContractDataForm
          errors={c.contractDataErrors}
          busy={generating}
          error={c.error === 'contract.generate.error' ? c.error : null}
          onSubmit={(values) => send({ type: 'contractData.submit', values })}
          onCancel={() => send({ type: 'contractData.cancel' })}
        />
      </Modal>

      <Modal
        isOpen={framing && open !== null}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'frame.close' }); }}
        title={open ? contractLabel(open) : m['payment.signing.title']}
        size={open?.type === 'POWER_OF_ATTORNEY' ? 'lg' : 'xl'}
        isLoading={checking}
        footer={<Button variant="secondary" onPress={() => send({ type: 'frame.close' })} isPending={checking}>{m['payment.signing.close']}</Button>}
      >
        {open ? <SigningFrame contract={open} origin={data.frameOrigin} onSigned={() => send({ type: 'frame.signed' })} /> : null}
      </Modal>

      <Modal
        isOpen={state.matches({ page: { details: 'open' } } as never)}
        onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'details.close' }); }}
        size="lg"
        title={m['proposal.details.title']}
        footer={<Button variant="secondary" onPress={() => send({ type: 'details.close' })}>{m['proposal.details.close']}</Button>}
      >
        {proposal ? <ProposalDetails proposal={proposal} /> : null}
      </Modal>
    </Page>
  );
}
