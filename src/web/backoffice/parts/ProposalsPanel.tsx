import { useCallback, useState } from 'react';
import { staffProposals } from '#shared/proposal/endpoints';
import { proposalFigures } from '#shared/proposal/rules';
import * as css from '../backoffice.css';
import { when } from '../format';
import { TableScroll } from './TableScroll';
import { openInNewTab, usePanel, Panel, type PanelProps } from './panel';

const TYPE = { INITIAL: 'Inicial', FINAL: 'Final' } as const;

/** The customer's proposals as they read them (any role): size, price, savings, and the PDF they download. */
export function ProposalsPanel({ api, customerId }: PanelProps) {
  const p = usePanel(useCallback(async () => (await api.call(staffProposals, { params: { id: customerId } })).data.data, [api, customerId]));
  const [opening, setOpening] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (proposalId: number) => {
    setOpening(proposalId);
    setError(null);
    try {
      await openInNewTab(() => api.download(`/admin/customers/${customerId}/proposals/${proposalId}/pdf`));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setOpening(null);
    }
  };
  const rows = p.data ?? [];
  return (
    <Panel id="proposals-title" title="Propostas" error={p.error ?? error} done={null}>
      {!p.loaded ? <p role="status">Carregando…</p> : rows.length === 0 ? <p className={css.muted}>Nenhuma proposta ainda.</p> : (
        <TableScroll label="Propostas"><table className={css.table}>
          <thead><tr><th className={css.cell} scope="col">Proposta</th><th className={css.cell} scope="col">Criada</th><th className={css.cell} scope="col">Potência</th><th className={css.cell} scope="col">Valor</th><th className={css.cell} scope="col">Economia anual</th><th className={css.cell} scope="col">PDF</th></tr></thead>
          <tbody>
            {rows.map((x) => {
              const f = proposalFigures(x);
              return (
                <tr key={x.id}>
                  <th className={css.cell} scope="row">{TYPE[x.type]}</th>
                  <td className={css.cell}>{x.created_at ? when(x.created_at) : '—'}</td>
                  <td className={css.cell}>{f.power} kWp</td>
                  <td className={css.cell}>{f.finalValue}</td>
                  <td className={css.cell}>{f.annualSavings}</td>
                  <td className={css.cell}>
                    {x.id === undefined ? '—' : (
                      <button type="button" className={css.rowButton} onClick={() => void open(x.id!)} disabled={opening === x.id}>
                        {opening === x.id ? 'Abrindo…' : `Abrir PDF da proposta ${TYPE[x.type].toLowerCase()}`}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table></TableScroll>
      )}
    </Panel>
  );
}
