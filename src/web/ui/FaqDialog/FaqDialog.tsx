import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { Disclosure, DisclosurePanel } from 'react-aria-components/Disclosure';
import { Heading } from 'react-aria-components/Heading';
import { Input, Label, SearchField } from 'react-aria-components/SearchField';
import { FAQ_ENTRIES, filterFaq, type FaqEntry } from '#shared/faq/rules';
import { messages as m } from '#shared/messages';
import { Modal } from '../Modal/Modal';
import * as f from '../Field/Field.css';
import * as s from './FaqDialog.css';

export interface FaqDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The questions; the portal's own by default. */
  entries?: readonly FaqEntry[];
  /** Under the list (e.g. a button to talk to the team). */
  footer?: ReactNode;
  /** The questions are still being read (GET /faq). @default false */
  isLoading?: boolean;
  /** Why the questions could not be read (the footer stays, so the team can still be reached). */
  error?: string | null;
}

type Sanitize = (html: string) => string;

/**
 * The sanitiser (DOMPurify), loaded when the dialog first opens rather than with every signed-in
 * page; until it is there no answer is shown (nothing unsanitised ever is).
 */
function useSanitizer(isOpen: boolean): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    if (!isOpen || sanitize) return;
    let live = true;
    void import('./faqHtml').then((mod) => { if (live) setSanitize(() => mod.sanitizeFaqHtml); });
    return () => { live = false; };
  }, [isOpen, sanitize]);
  return sanitize;
}

/** An answer: the server's HTML, sanitised (faqHtml.ts) before it reaches the page. */
function Answer({ html, sanitize }: { html: string; sanitize: Sanitize | null }) {
  const safe = useMemo(() => (sanitize ? sanitize(html) : ''), [html, sanitize]);
  return <div className={s.answerBody} data-faq-answer dangerouslySetInnerHTML={{ __html: safe }} />;
}

/**
 * The FAQ (spec §2): a search box 'Qual a sua pergunta?' that filters the questions by title
 * (case-insensitive, `filterFaq`) and each answer in an expandable panel. Shared by the side
 * navigation's FAQ entry and the project-status screen's 'Preciso de atendimento' (which reads the
 * questions from GET /faq). The answers are HTML, sanitised before they are shown.
 */
export function FaqDialog({ isOpen, onOpenChange, entries = FAQ_ENTRIES, footer, isLoading = false, error = null }: FaqDialogProps) {
  const [query, setQuery] = useState('');
  const sanitize = useSanitizer(isOpen);
  const shown = filterFaq(entries, query);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => { if (!open) setQuery(''); onOpenChange(open); }}
      title={m['faq.title']}
      size="md"
      footer={footer}
    >
      <SearchField value={query} onChange={setQuery} className={f.field}>
        <Label className={s.searchLabel}>Buscar pergunta</Label>
        <Input className={f.control} placeholder={m['faq.search.placeholder']} />
      </SearchField>
      <p className={s.count} role="status" aria-live="polite">
        {isLoading ? 'Carregando perguntas…' : error ?? (shown.length === 0 ? m['faq.empty'] : shown.length === 1 ? '1 pergunta' : `${shown.length} perguntas`)}
      </p>
      <div className={s.list}>
        {shown.map((e) => (
          <Disclosure key={e.id} className={s.entry}>
            <Heading level={3} className={s.question}>
              <RACButton slot="trigger" className={s.trigger}>
                <span>{e.title}</span>
                <svg className={s.chevron} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M6 8l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </RACButton>
            </Heading>
            <DisclosurePanel className={s.answer}>
              <Answer html={e.description} sanitize={sanitize} />
            </DisclosurePanel>
          </Disclosure>
        ))}
      </div>
    </Modal>
  );
}
