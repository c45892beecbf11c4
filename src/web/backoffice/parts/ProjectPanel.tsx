import { useState, useCallback } from 'react';
import { messages } from '#shared/messages';
import { isWithDistributor, nextProjectStatus, PROJECT_STATUSES, type ProjectStatus } from '#shared/project/rules';
import { hasRole } from '#shared/staff/roles';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../backoffice.css';
import { usePanel, Panel, type PanelProps } from './panel';

const projectLabel = (s: ProjectStatus) => messages[`project.status.${s}` as keyof typeof messages] ?? s;

export function ProjectPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.project(customerId), [api, customerId]));
  const [protocol, setProtocol] = useState('');
  const [message, setMessage] = useState('');
  const support = hasRole(roles, ['support']);
  const d = p.data;
  const next = d ? nextProjectStatus(d.project_status) : null;
  const advance = () => {
    if (!d || !next) return;
    const filing = protocol.trim() && isWithDistributor(next) ? { protocol: protocol.trim(), filed_on: new Date().toISOString().slice(0, 10), deadline_unit: 'CALENDAR' as const } : undefined;
    void p.act('advance', () => api.changeProjectStatus(customerId, { status: next, version: d.version, ...(filing ? { filing } : {}) }), `Projeto: ${projectLabel(next)}.`, () => { setProtocol(''); onChanged(); });
  };
  return (
    <Panel id="project-title" title="Projeto" error={p.error} done={p.done}>
      {!d ? <p role="status">Carregando…</p> : (
        <>
          <ol className={css.steps} aria-label="Status do projeto">
            {PROJECT_STATUSES.map((s) => (
              <li key={s} aria-current={s === d.project_status ? 'step' : undefined} className={s === d.project_status ? css.stepCurrent : undefined}>{projectLabel(s)}</li>
            ))}
          </ol>
          {support && next ? (
            <>
              {isWithDistributor(next) ? <TextField label="Protocolo na distribuidora (opcional)" value={protocol} onChange={setProtocol} /> : null}
              <div className={css.actions}><Button onPress={advance} isPending={p.pending === 'advance'}>{`Avançar para: ${projectLabel(next)}`}</Button></div>
            </>
          ) : null}
          {support ? (
            <>
              <TextField label="Mensagem no mural do cliente" value={message} onChange={setMessage} />
              <div className={css.actions}>
                <Button variant="secondary" isDisabled={!message.trim()} isPending={p.pending === 'message'}
                  onPress={() => void p.act('message', () => api.postProjectMessage(customerId, message), 'Mensagem publicada no mural.', () => { setMessage(''); onChanged(); })}>Publicar no mural</Button>
              </div>
            </>
          ) : null}
        </>
      )}
    </Panel>
  );
}
