import { useCallback } from 'react';
import { formatBRL } from '#shared/money';
import * as css from '../backoffice.css';
import { when } from '../format';
import { Button } from '../../ui/Button/Button';
import { TableScroll } from './TableScroll';
import { usePanel, Panel, type PanelProps } from './panel';

/** The bill statuses as staff read them. */
const STATUS: Record<string, string> = {
  PENDING: 'em análise pelo assistente', WAITING: 'aguardando revisão', APPROVED: 'aprovada', DISAPPROVED: 'reprovada (novo envio)', DENIED: 'recusada', APP: 'aprovada (app)',
};

/** Every bill the customer sent, newest first: its value and consumption (as read or as corrected) and how it was decided; the latest opens in the review. */
export function BillsPanel({ api, customerId, onOpenBill }: PanelProps & { onOpenBill: () => void }) {
  const p = usePanel(useCallback(() => api.bills(customerId), [api, customerId]));
  const bills = [...(p.data ?? [])].reverse();
  return (
    <Panel id="bills-title" title="Contas de luz" error={p.error} done={null}>
      {!p.loaded ? <p role="status">Carregando…</p> : bills.length === 0 ? <p className={css.muted}>Nenhuma conta enviada.</p> : (
        <TableScroll label="Contas de luz"><table className={css.table}>
          <thead><tr><th className={css.cell} scope="col">Enviada</th><th className={css.cell} scope="col">Situação</th><th className={css.cell} scope="col">Valor</th><th className={css.cell} scope="col">Consumo</th><th className={css.cell} scope="col">Confiança</th><th className={css.cell} scope="col">Decidida</th></tr></thead>
          <tbody>
            {bills.map((b) => {
              return (
                <tr key={b.id}>
                  <td className={css.cell}>{when(b.created_at)}</td>
                  <td className={css.cell}>{STATUS[b.status] ?? b.status}{b.justification_disapproved ? ` — ${b.justification_disapproved}` : ''}</td>
                  <td className={css.cell}>{b.value === null ? '—' : formatBRL(b.value)}</td>
                  <td className={css.cell}>{b.consumption === null ? '—' : `${b.consumption.toLocaleString('pt-BR')} kWh`}</td>
                  <td className={css.cell}>{b.reading ? `${Math.round(b.reading.confidence * 100)}%` : '—'}</td>
                  <td className={css.cell}>{b.decided_at ? when(b.decided_at) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table></TableScroll>
      )}
      {bills.length > 0 ? <div className={css.actions}><Button variant="secondary" onPress={onOpenBill}>Abrir a última conta na revisão</Button></div> : null}
    </Panel>
  );
}
