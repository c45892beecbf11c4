import { useCallback, useEffect, useState } from 'react';
import { createFaq, deleteFaq, reorderFaq, staffFaq, updateFaq } from '#shared/faq/endpoints';
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, type StaffFaqEntry } from '#shared/faq/payloads';
import { sanitizeFaqHtml } from '../../ui/FaqDialog/faqHtml';
import * as answerCss from '../../ui/FaqDialog/FaqDialog.css';
import { Button } from '../../ui/Button/Button';
import { Notice } from '../../ui/Notice/Notice';
import { TextField } from '../../ui/TextField/TextField';
import { CallError } from '../../api/transport';
import type { StaffApi } from '../api';
import * as css from '../backoffice.css';
import { AnswerEditor } from '../parts/AnswerEditor';
import * as faqCss from './FaqScreen.css';

/** The question being written: a new one, or one of the list (by id). */
type Draft = { id: number | null; question: string; answerHtml: string };
type FieldErrors = { question?: string; answer_html?: string };

/** The field a refusal names, when the server says which (400 with `field`). */
function fieldOf(e: unknown): keyof FieldErrors | null {
  const field = e instanceof CallError ? e.body?.field : undefined;
  return field === 'question' || field === 'answer_html' ? field : null;
}

/**
 * The FAQ (admins): the questions of 'Preciso de atendimento' in the order customers read them; add,
 * change, remove and move each one. The answer is written in a small editor (bold, italic, lists,
 * links) and previewed as the customer's FAQ dialog shows it; the server sanitises what it keeps.
 */
export function FaqScreen({ api }: { api: StaffApi }) {
  const [entries, setEntries] = useState<StaffFaqEntry[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  // the editor is remounted for each question written (its starting HTML)
  const [draftKey, setDraftKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  const load = useCallback(() => {
    api.call(staffFaq, {}).then(({ data }) => setEntries(data.data), (e: Error) => setError(e.message));
  }, [api]);
  useEffect(load, [load]);

  const open = (d: Draft) => { setDraft(d); setDraftKey((k) => k + 1); setErrors({}); setError(null); setStatus(null); };
  /** One write to the server: the status on success, the server's message on failure. */
  const write = async (action: () => Promise<void>, done: string) => {
    setBusy(true); setError(null); setStatus(null);
    try {
      await action();
      setStatus(done);
    } catch (e) {
      const field = fieldOf(e);
      if (field) setErrors({ [field]: (e as Error).message });
      else setError((e as Error).message);
      if (e instanceof CallError && e.status === 404) load();
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!draft) return;
    const json = { question: draft.question, answer_html: draft.answerHtml };
    setErrors({});
    void write(async () => {
      if (draft.id === null) await api.call(createFaq, { json });
      else await api.call(updateFaq, { params: { faqId: draft.id }, json });
      setDraft(null);
      load();
    }, draft.id === null ? 'Pergunta adicionada. Os clientes já a veem.' : 'Pergunta salva. Os clientes já veem a nova versão.');
  };
  const move = (index: number, by: -1 | 1) => {
    if (!entries) return;
    const ids = entries.map((e) => e.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    void write(async () => { setEntries((await api.call(reorderFaq, { json: { ids } })).data.data); }, 'Ordem salva.');
  };
  const remove = (id: number) => {
    void write(async () => {
      setEntries((await api.call(deleteFaq, { params: { faqId: id } })).data.data);
      setDeleting(null);
      if (draft?.id === id) setDraft(null);
    }, 'Pergunta excluída.');
  };

  const previewHtml = draft ? sanitizeFaqHtml(draft.answerHtml) : '';
  return (
    <main className={css.main}>
      <div className={faqCss.header}>
        <h1 className={css.heading}>Perguntas frequentes</h1>
        <p className={css.muted}>As perguntas que o cliente vê em “Preciso de atendimento”, nesta ordem.</p>
        <p role="status" className={faqCss.status}>{status ?? ''}</p>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {draft ? null : <div className={css.actions}><Button onPress={() => open({ id: null, question: '', answerHtml: '' })}>Nova pergunta</Button></div>}

      {draft ? (
        <section className={css.card} aria-labelledby="faq-form-title">
          <h2 id="faq-form-title" className={css.subheading}>{draft.id === null ? 'Nova pergunta' : 'Editar pergunta'}</h2>
          <form className={faqCss.form} onSubmit={(e) => { e.preventDefault(); save(); }} aria-labelledby="faq-form-title">
            <TextField
              label="Pergunta" value={draft.question} maxLength={FAQ_QUESTION_MAX} errorMessage={errors.question}
              description={`Até ${FAQ_QUESTION_MAX} caracteres.`} onChange={(question) => setDraft((d) => d && { ...d, question })}
            />
            <AnswerEditor
              key={draftKey} label="Resposta" initialHtml={draft.answerHtml} errorMessage={errors.answer_html}
              description={`Até ${FAQ_ANSWER_MAX.toLocaleString('pt-BR')} caracteres, com a formatação.`}
              onChange={(answerHtml) => setDraft((d) => d && { ...d, answerHtml })}
            />
            <section aria-labelledby="faq-preview-title" className={faqCss.editorField}>
              <h3 id="faq-preview-title" className={faqCss.editorLabel}>Como o cliente verá</h3>
              <div className={faqCss.preview}>
                <p className={faqCss.previewQuestion}>{draft.question || 'Sua pergunta'}</p>
                {previewHtml
                  ? <div className={`${answerCss.answer} ${answerCss.answerBody} ${faqCss.previewAnswer}`} data-faq-preview dangerouslySetInnerHTML={{ __html: previewHtml }} />
                  : <p className={css.muted}>A resposta aparece aqui.</p>}
              </div>
            </section>
            <div className={css.actions}>
              <Button type="submit" isPending={busy}>{draft.id === null ? 'Adicionar pergunta' : 'Salvar pergunta'}</Button>
              <Button variant="secondary" onPress={() => { setDraft(null); setErrors({}); }}>Cancelar</Button>
            </div>
          </form>
        </section>
      ) : null}

      {!entries && !error ? <p role="status">Carregando…</p> : null}
      {entries ? (
        <section className={css.card} aria-labelledby="faq-list-title">
          <h2 id="faq-list-title" className={css.subheading}>{`${entries.length} ${entries.length === 1 ? 'pergunta' : 'perguntas'}`}</h2>
          {entries.length === 0 ? <p className={css.muted}>Nenhuma pergunta. O cliente verá a lista vazia.</p> : (
            <ol className={faqCss.list} aria-label="Perguntas na ordem do cliente">
              {entries.map((entry, i) => (
                <li key={entry.id} className={`${faqCss.item} ${draft?.id === entry.id ? faqCss.itemEditing : ''}`}>
                  <p className={faqCss.itemQuestion}>{`${i + 1}. ${entry.question}`}</p>
                  <div className={faqCss.itemActions}>
                    <Button size="sm" variant="secondary" aria-label={`Editar: ${entry.question}`} onPress={() => open({ id: entry.id, question: entry.question, answerHtml: entry.answer_html })}>Editar</Button>
                    <Button size="sm" variant="secondary" aria-label={`Subir: ${entry.question}`} isDisabled={i === 0 || busy} onPress={() => move(i, -1)}>Subir</Button>
                    <Button size="sm" variant="secondary" aria-label={`Descer: ${entry.question}`} isDisabled={i === entries.length - 1 || busy} onPress={() => move(i, 1)}>Descer</Button>
                    <Button size="sm" variant="secondary" aria-label={`Excluir: ${entry.question}`} onPress={() => setDeleting(entry.id)}>Excluir</Button>
                  </div>
                  {deleting === entry.id ? (
                    <p className={faqCss.confirm}>
                      <span>Excluir esta pergunta? O cliente deixa de vê-la.</span>
                      <Button size="sm" isPending={busy} onPress={() => remove(entry.id)}>Sim, excluir</Button>
                      <Button size="sm" variant="secondary" onPress={() => setDeleting(null)}>Não</Button>
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </main>
  );
}
