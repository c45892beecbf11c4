import type { Chosen } from '#machines/payment/paymentMachine';
import { messages as m, type MessageKey } from '#shared/messages';
import type { PaymentType, PurchaseDocumentField } from '#shared/payment/rules';
import { Button } from '../../../ui/Button/Button';
import { FileDrop } from '../../../ui/FileDrop/FileDrop';
import { Notice } from '../../../ui/Notice/Notice';
import * as s from '../PaymentPage.css';

const LABEL: Record<PaymentType, Record<PurchaseDocumentField, MessageKey>> = {
  CASH_PURCHASE: { document: 'payment.homologation.document', proof_of_address: 'financing.upload.proofOfAddress', proof_of_income: 'financing.upload.proofOfIncome' },
  FINANCING: { document: 'financing.upload.document', proof_of_address: 'financing.upload.proofOfAddress', proof_of_income: 'financing.upload.proofOfIncome' },
};

export interface PurchaseDocumentsProps {
  paymentType: PaymentType;
  /** the fields still to send (empty: everything was sent) */
  fields: readonly PurchaseDocumentField[];
  chosen: Partial<Record<PurchaseDocumentField, Chosen>>;
  fileErrors: Partial<Record<PurchaseDocumentField, MessageKey>>;
  error: MessageKey | null;
  sending: boolean;
  /** spec §4 "Financing upload": the submit waits for both signatures */
  canSubmit: boolean;
  /** why the submit waits, when it does */
  waiting: MessageKey | null;
  onChoose: (field: PurchaseDocumentField, file: File) => void;
  onRemove: (field: PurchaseDocumentField) => void;
  onSubmit: () => void;
}

/**
 * The purchase documents (spec §5 "Financing upload", "Homologation upload"), over the portal's
 * upload area and the shared file rules (10 MB; PDF, JPEG or PNG): cash, the personal photo
 * document for the utility's homologation under 'Pagamento confirmado, mas...'; financing, proof
 * of address, proof of income and the personal document (CNH or RG with CPF), sent together.
 */
export function PurchaseDocuments({ paymentType, fields, chosen, fileErrors, error, sending, canSubmit, waiting, onChoose, onRemove, onSubmit }: PurchaseDocumentsProps) {
  const cash = paymentType === 'CASH_PURCHASE';
  const title = cash ? m['payment.homologation.title'] : m['financing.upload.title'];
  return (
    <section className={s.panel} aria-labelledby="payment-documents">
      <h2 id="payment-documents" className={s.panelTitle} tabIndex={-1}>{title}</h2>
      {cash ? <p className={s.muted}>{m['payment.homologation.lead']}</p> : null}
      {fields.length === 0 ? (
        <Notice tone="success">{cash ? m['payment.homologation.alreadySent'] : m['financing.upload.sent']}</Notice>
      ) : (
        fields.map((field) => (
          <FileDrop
            key={field}
            label={`${m[LABEL[paymentType][field]]} *`}
            description={field === 'document' ? m['document.hint'] : undefined}
            file={chosen[field] ?? null}
            error={fileErrors[field] ? m[fileErrors[field]!] : null}
            onChoose={(file) => onChoose(field, file)}
            onRemove={() => onRemove(field)}
            isDisabled={sending}
          />
        ))
      )}
      {waiting ? <Notice tone="info">{m[waiting]}</Notice> : null}
      {error ? <Notice tone="error">{m[error]}</Notice> : null}
      <div className={s.actions}>
        <Button variant="primary" onPress={onSubmit} isPending={sending} isDisabled={!canSubmit && !sending}>
          {cash ? m['payment.homologation.submit'] : m['financing.upload.submit']}
        </Button>
      </div>
    </section>
  );
}
