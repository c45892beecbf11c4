import { useState, useCallback } from 'react';
import { hasRole } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';

const FINANCING_LABEL = { NOT_REQUESTED: 'não pedido', IN_EVALUATION: 'em avaliação', APPROVED: 'aprovado', DENIED: 'negado' } as const;

export function PaymentPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.payment(customerId), [api, customerId]));
  const [note, setNote] = useState('');
  const sales = hasRole(roles, ['sales']);
  const d = p.data;
  const decide = (status: 'IN_EVALUATION' | 'APPROVED' | 'DENIED') =>
    void p.act(status, () => api.decideFinancing(customerId, { status, note: note.trim() || null }), `Financiamento: ${FINANCING_LABEL[status]}.`, onChanged);
  return (
    <Panel id="payment-title" title="Pagamento" error={p.error} done={p.done}>
      {!d ? <p role="status">Carregando…</p> : (
        <>
          <p>Forma: {d.payment_type === 'FINANCING' ? 'financiamento' : d.payment_type === 'CASH_PURCHASE' ? 'à vista (boleto)' : '—'} · Financiamento: <strong>{FINANCING_LABEL[d.financing.status]}</strong>
            {d.invoice ? <> · Boleto: <strong>{d.invoice.invoice_status}</strong>, R$ {d.invoice.total.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}, vence {d.invoice.due_date}</> : null}</p>
          {sales && d.payment_type === 'FINANCING' ? (
            <>
              <TextField label="Nota interna (banco, motivo)" value={note} onChange={setNote} description="Não aparece para o cliente." />
              <div className={css.actions}>
                {d.financing.status !== 'IN_EVALUATION' ? <Button variant="secondary" onPress={() => decide('IN_EVALUATION')} isPending={p.pending === 'IN_EVALUATION'}>Em avaliação</Button> : null}
                <Button onPress={() => decide('APPROVED')} isPending={p.pending === 'APPROVED'}>Aprovar financiamento</Button>
                <Button variant="secondary" onPress={() => decide('DENIED')} isPending={p.pending === 'DENIED'}>Negar financiamento</Button>
              </div>
            </>
          ) : null}
          {sales && d.invoice?.invoice_status === 'PENDING' ? (
            <div className={css.actions}>
              <Button onPress={() => void p.act('paid', () => api.reconcileInvoice(customerId, { invoice_status: 'PAID' }), 'Boleto marcado como pago.', onChanged)} isPending={p.pending === 'paid'}>Marcar boleto como pago</Button>
            </div>
          ) : null}
        </>
      )}
    </Panel>
  );
}
