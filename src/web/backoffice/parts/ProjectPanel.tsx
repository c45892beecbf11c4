import { useState, useCallback } from 'react';
import { ProgressBar } from 'react-aria-components/ProgressBar';
import { messages } from '#shared/messages';
import { postProjectMessage, stageMuralAttachment, staffMuralAttachment, staffProjectFile } from '#shared/project/endpoints';
import type { ProjectFile, ProjectMessage, StagedAttachment } from '#shared/project/payloads';
import { isWithDistributor, nextProjectStatus, PROJECT_STATUSES, unansweredFiles, type DeadlineUnit, type ProjectStatus } from '#shared/project/rules';
import { fillPath } from '#shared/endpoint';
import { hasRole } from '#shared/staff/roles';
import { uploadProblem } from '#shared/upload';
import { Button } from '../../ui/Button/Button';
import { FileDrop } from '../../ui/FileDrop/FileDrop';
import { TextField } from '../../ui/TextField/TextField';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import * as css from '../backoffice.css';
import { when } from '../format';
import { usePanel, Panel, type PanelProps } from './panel';
import { saveInBrowser } from '../../ui/download/saveFile';
import * as p$ from './ProjectPanel.css';

const projectLabel = (s: ProjectStatus) => messages[`project.status.${s}` as keyof typeof messages] ?? s;

/** The share of the attachment sent so far. */
function SendingBar({ ratio }: { ratio: number }) {
  return (
    <ProgressBar value={Math.round(ratio * 100)} aria-label="Enviando o anexo" className={p$.progress}>
      {({ percentage }) => (
        <>
          <span className={css.muted}>Enviando o anexo… {Math.round(percentage ?? 0)}%</span>
          <div className={p$.progressTrack}><div className={`${p$.progressFill} ${p$.fillWidth[String(Math.round((percentage ?? 0) / 5) * 5)] ?? ''}`} /></div>
        </>
      )}
    </ProgressBar>
  );
}

/**
 * The project on the customer's page: the seven statuses and the next move (support), the files the
 * customer sent (the ones after the last mural message marked unanswered), the mural as the customer
 * sees it, and support's message with one file attached, its sending shown as it goes.
 */
export function ProjectPanel({ api, customerId, roles, onChanged }: PanelProps) {
  const p = usePanel(useCallback(() => api.project(customerId), [api, customerId]));
  const [protocol, setProtocol] = useState('');
  const [deadlineDays, setDeadlineDays] = useState('');
  const [deadlineUnit, setDeadlineUnit] = useState<DeadlineUnit>('CALENDAR');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // a file received whose message failed is sent again with the same id, not uploaded twice
  const [staged, setStaged] = useState<{ file: File; attachment: StagedAttachment } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const support = hasRole(roles, ['support']);
  const d = p.data;
  const next = d ? nextProjectStatus(d.project_status) : null;
  const advance = () => {
    if (!d || !next) return;
    const days = Number(deadlineDays.trim());
    const filing = protocol.trim() && isWithDistributor(next) ? {
      protocol: protocol.trim(), filed_on: new Date().toISOString().slice(0, 10),
      // the server checks the number (1 to 730); a field left blank is a stage without a deadline
      deadline_days: deadlineDays.trim() ? days : null, deadline_unit: deadlineUnit,
    } : undefined;
    void p.act('advance', () => api.changeProjectStatus(customerId, { status: next, version: d.version, ...(filing ? { filing } : {}) }), `Projeto: ${projectLabel(next)}.`, () => { setProtocol(''); setDeadlineDays(''); onChanged(); });
  };
  const choose = (chosen: File) => {
    const problem = uploadProblem(chosen);
    setFileError(problem ? messages[problem] : null);
    setFile(problem ? null : chosen);
  };
  const publish = () => void p.act('message', async () => {
    let attachment = staged && staged.file === file ? staged.attachment : null;
    if (file && !attachment) {
      setProgress(0);
      try {
        attachment = await api.sendFile(stageMuralAttachment, { params: { id: customerId }, file, name: file.name, fallback: 'project.upload.error', onProgress: setProgress });
        setStaged({ file, attachment });
      } finally {
        setProgress(null);
      }
    }
    await api.call(postProjectMessage, { params: { id: customerId }, json: { message, ...(attachment ? { attachment_id: attachment.id } : {}) } });
  }, file ? 'Mensagem com anexo publicada no mural.' : 'Mensagem publicada no mural.', () => { setMessage(''); setFile(null); setStaged(null); onChanged(); });
  const download = async (path: string, name: string) => {
    setDownloadError(null);
    try {
      saveInBrowser(await api.download(path), name);
    } catch (e) {
      setDownloadError((e as Error).message);
    }
  };
  const mural: readonly ProjectMessage[] = d?.case?.messages ?? [];
  const files: readonly ProjectFile[] = d?.case?.files ?? [];
  const unanswered = new Set(unansweredFiles(files, mural).map((f) => f.id));
  const isUnanswered = (f: ProjectFile) => unanswered.has(f.id);
  const waiting = unanswered.size;
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
              {isWithDistributor(next) ? (
                <div className={css.formGrid}>
                  <TextField label="Protocolo na distribuidora (opcional)" value={protocol} onChange={setProtocol} />
                  <TextField label="Prazo da distribuidora, em dias (opcional)" inputMode="numeric" value={deadlineDays} onChange={setDeadlineDays} isDisabled={!protocol.trim()} description="O prazo da REN 1.000 para esta etapa; em branco, sem prazo." />
                  <RadioGroup label="Contagem do prazo" value={deadlineUnit} onChange={(u) => setDeadlineUnit(u as DeadlineUnit)} options={[{ value: 'CALENDAR', label: 'Dias corridos' }, { value: 'BUSINESS', label: 'Dias úteis' }]} isDisabled={!protocol.trim() || !deadlineDays.trim()} />
                </div>
              ) : null}
              <div className={css.actions}><Button onPress={advance} isPending={p.pending === 'advance'}>{`Avançar para: ${projectLabel(next)}`}</Button></div>
            </>
          ) : null}

          {d.filings.length > 0 ? (
            <section className={p$.section} aria-labelledby="project-filings-title">
              <h3 id="project-filings-title" className={p$.partTitle}>Protocolos na distribuidora</h3>
              <ul className={p$.list}>
                {d.filings.map((f) => (
                  <li key={f.stage} className={p$.item}>
                    <p className={p$.text}>{`${projectLabel(f.stage)}: protocolo ${f.protocol}, em ${f.filed_on.split('-').reverse().join('/')}`}</p>
                    <p className={p$.meta}>{f.deadline_days === null ? 'Sem prazo para a distribuidora nesta etapa.' : `Prazo: ${f.deadline_days} dias ${f.deadline_unit === 'BUSINESS' ? 'úteis' : 'corridos'}.`}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className={p$.section} aria-labelledby="project-files-title">
            <h3 id="project-files-title" className={p$.partTitle}>{`Arquivos enviados pelo cliente${waiting ? ` (${waiting} sem resposta)` : ''}`}</h3>
            {downloadError ? <p role="alert" className={css.late}>{downloadError}</p> : null}
            {files.length === 0 ? <p className={css.muted}>O cliente ainda não enviou arquivos.</p> : (
              <ul className={p$.list}>
                {files.map((f) => (
                  <li key={f.id} className={isUnanswered(f) ? p$.unanswered : p$.item}>
                    {isUnanswered(f) ? <span className={p$.tag}>Sem resposta</span> : null}
                    <button type="button" className={p$.fileButton} onClick={() => void download(fillPath(staffProjectFile.path, { id: customerId, fileId: f.id }), f.name)}>{`Baixar ${f.name}`}</button>
                    <p className={p$.meta}>{`Enviado em ${when(f.created_at)}`}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={p$.section} aria-labelledby="project-mural-title">
            <h3 id="project-mural-title" className={p$.partTitle}>Mural do cliente</h3>
            {mural.length === 0 ? <p className={css.muted}>Nenhuma mensagem no mural.</p> : (
              <ol className={p$.list}>
                {mural.map((msg) => (
                  <li key={msg.id} className={p$.item}>
                    <p className={p$.text}>{msg.message}</p>
                    {msg.attachment ? (
                      <button type="button" className={p$.fileButton} onClick={() => void download(fillPath(staffMuralAttachment.path, { id: customerId, messageId: msg.id }), msg.attachment!.name)}>
                        {`Anexo: ${msg.attachment.name}`}
                      </button>
                    ) : null}
                    <p className={p$.meta}>{when(msg.created_at)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          {support ? (
            <section className={p$.section} aria-labelledby="project-answer-title">
              <h3 id="project-answer-title" className={p$.partTitle}>Responder no mural</h3>
              <TextField label="Mensagem no mural do cliente" value={message} onChange={setMessage} isDisabled={p.pending === 'message'} />
              <FileDrop
                label="Anexo (opcional)" description="O cliente baixa o arquivo pelo mural." file={file} error={fileError}
                onChoose={choose} onRemove={() => { setFile(null); setFileError(null); }} isDisabled={p.pending === 'message'}
              />
              {progress !== null ? <SendingBar ratio={progress} /> : null}
              <div className={css.actions}>
                <Button variant="secondary" isDisabled={!message.trim()} isPending={p.pending === 'message'} onPress={publish}>Publicar no mural</Button>
              </div>
            </section>
          ) : null}
        </>
      )}
    </Panel>
  );
}
