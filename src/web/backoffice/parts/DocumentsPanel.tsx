import { useState, useCallback } from 'react';
import { DOCUMENT_STATUS_LABEL } from '#shared/document/rules';
import type { DocumentRecord } from '#shared/document/payloads';
import { staffDocumentFile } from '#shared/document/endpoints';
import { hasRole } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';

export function DocumentsPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.documents(customerId), [api, customerId]));
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [preview, setPreview] = useState<{ id: number; url: string; image: boolean } | null>(null);
  const [turn, setTurn] = useState(0);
  const [zoom, setZoom] = useState(1);
  const analyst = hasRole(roles, ['analyst']);
  // the files only to the roles that review them (F14)
  const opensFiles = hasRole(roles, staffDocumentFile.roles);
  const [fileError, setFileError] = useState<string | null>(null);
  const open = async (d: DocumentRecord) => {
    setFileError(null);
    try {
      const blob = await api.documentFile(customerId, d.id, 'front');
      if (preview) URL.revokeObjectURL(preview.url);
      setPreview({ id: d.id, url: URL.createObjectURL(blob), image: blob.type.startsWith('image/') });
      setTurn(0);
      setZoom(1);
    } catch (e) {
      setFileError((e as Error).message);
    }
  };
  return (
    <Panel id="documents-title" title="Documentos" error={p.error ?? fileError} done={p.done}>
      {!p.data ? <p role="status">Carregando…</p> : p.data.length === 0 ? <p className={css.muted}>Nenhum documento enviado.</p> : (
        <ul className={css.plainList}>
          {p.data.map((d) => (
            <li key={d.id} className={css.queueCard}>
              <p><strong>{d.name}</strong> · {DOCUMENT_STATUS_LABEL[d.status]}{d.justification ? ` · motivo: ${d.justification}` : ''}</p>
              <div className={css.actions}>
                {opensFiles ? <Button variant="secondary" onPress={() => void open(d)}>Ver arquivo</Button> : null}
                {analyst && d.status === 'PENDING' ? (
                  <Button onPress={() => void p.act(`approve-${d.id}`, () => api.decideDocument(customerId, d.id, { status: 'APPROVED' }), `${d.name}: aprovado.`, onChanged)} isPending={p.pending === `approve-${d.id}`}>Aprovar</Button>
                ) : null}
              </div>
              {analyst && d.status === 'PENDING' ? (
                <>
                  <TextField label={`Motivo da recusa de ${d.name}`} value={reasons[d.id] ?? ''} onChange={(v) => setReasons((r) => ({ ...r, [d.id]: v }))} description="O cliente lê este motivo." />
                  <div className={css.actions}>
                    <Button variant="secondary" isDisabled={(reasons[d.id] ?? '').trim().length < 3} isPending={p.pending === `deny-${d.id}`}
                      onPress={() => void p.act(`deny-${d.id}`, () => api.decideDocument(customerId, d.id, { status: 'DENIED', justification: reasons[d.id] }), `${d.name}: recusado.`, onChanged)}>Recusar</Button>
                  </div>
                </>
              ) : null}
              {preview?.id === d.id ? (
                preview.image ? (
                  <div>
                    <div className={css.actions}>
                      <Button variant="secondary" onPress={() => setZoom((z) => Math.min(3, z + 0.5))}>Ampliar</Button>
                      <Button variant="secondary" onPress={() => setZoom((z) => Math.max(1, z - 0.5))}>Reduzir</Button>
                      <Button variant="secondary" onPress={() => setTurn((t) => (t + 90) % 360)}>Girar</Button>
                    </div>
                    <div className={css.viewer} tabIndex={0} role="group" aria-label="Imagem do documento (role para ver)">
                      <img src={preview.url} alt={`${d.name} enviado pelo cliente`} style={{ transform: `rotate(${turn}deg) scale(${zoom})`, transformOrigin: 'center' }} className={css.preview} />
                    </div>
                  </div>
                ) : <p><a href={preview.url} target="_blank" rel="noopener noreferrer">Abrir o PDF do documento em outra aba</a></p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
