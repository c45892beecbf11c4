import { useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { ToggleButton } from 'react-aria-components/ToggleButton';
import { Toolbar } from 'react-aria-components/Toolbar';
import { Button } from '../../ui/Button/Button';
import { TextField } from '../../ui/TextField/TextField';
import * as css from '../screens/FaqScreen.css';

/**
 * The FAQ answer's editor (TipTap): only what the server keeps of an answer (src/server/faq/sanitise.ts)
 * can be written: paragraphs, bold, italic, bulleted and numbered lists, links. The writing area is
 * a labelled multi-line textbox; the toolbar's buttons say with aria-pressed whether the selection
 * already has their format, and the arrow keys move between them (react-aria's Toolbar).
 */
export interface AnswerEditorProps {
  label: string;
  /** the starting HTML; the editor is remounted (a `key`) for another question */
  initialHtml: string;
  onChange: (html: string) => void;
  errorMessage?: string | null;
  description?: ReactNode;
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:)/i;

/** Paragraphs, bold, italic, the two lists and links; nothing the server would strip (headings, code, quotes, rules, strike, underline). */
const EXTENSIONS = [
  StarterKit.configure({ heading: false, blockquote: false, code: false, codeBlock: false, horizontalRule: false, strike: false, underline: false, link: false }),
  Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } }),
];

/** What the selection is: which toolbar buttons are pressed. */
const formats = ({ editor }: { editor: Editor | null }) => ({
  bold: editor?.isActive('bold') ?? false,
  italic: editor?.isActive('italic') ?? false,
  bulletList: editor?.isActive('bulletList') ?? false,
  orderedList: editor?.isActive('orderedList') ?? false,
  link: editor?.isActive('link') ?? false,
  href: (editor?.getAttributes('link').href as string | undefined) ?? '',
});

export function AnswerEditor({ label, initialHtml, onChange, errorMessage, description }: AnswerEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  // what describes the writing area follows the form's error (useEditor applies changed options on each render)
  const describedBy = [description ? hintId : '', errorMessage ? errorId : ''].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: css.writing, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({ editor, selector: formats });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  const run = (apply: (e: Editor) => void) => { if (editor) apply(editor); };
  const openLink = () => { setHref(state?.href ?? ''); setLinkError(null); setLinking(true); };
  const applyLink = () => {
    const url = href.trim();
    if (!SAFE_LINK.test(url)) { setLinkError('Use um endereço que comece com https://, http://, mailto: ou tel:.'); return; }
    run((e) => e.chain().focus().extendMarkRange('link').setLink({ href: url }).run());
    setLinking(false);
  };
  const removeLink = () => { run((e) => e.chain().focus().extendMarkRange('link').unsetLink().run()); setLinking(false); };

  return (
    <div className={css.editorField}>
      <span id={labelId} className={css.editorLabel}>{label}</span>
      {description ? <p id={hintId} className={css.hint}>{description}</p> : null}
      <div className={`${css.editorBox} ${errorMessage ? css.editorBoxInvalid : ''}`}>
        <Toolbar aria-label="Formatação da resposta" className={css.toolbar}>
          <ToggleButton className={css.tool} isSelected={state?.bold ?? false} onChange={() => run((e) => e.chain().focus().toggleBold().run())}>
            <span className={css.toolGlyph} aria-hidden="true">B</span> <span className={css.toolText}>Negrito</span>
          </ToggleButton>
          <ToggleButton className={css.tool} isSelected={state?.italic ?? false} onChange={() => run((e) => e.chain().focus().toggleItalic().run())}>
            <span className={css.toolGlyph} aria-hidden="true"><em>I</em></span> <span className={css.toolText}>Itálico</span>
          </ToggleButton>
          <ToggleButton className={css.tool} isSelected={state?.bulletList ?? false} onChange={() => run((e) => e.chain().focus().toggleBulletList().run())}>
            <span className={css.toolGlyph} aria-hidden="true">•</span> <span className={css.toolText}>Lista com marcadores</span>
          </ToggleButton>
          <ToggleButton className={css.tool} isSelected={state?.orderedList ?? false} onChange={() => run((e) => e.chain().focus().toggleOrderedList().run())}>
            <span className={css.toolGlyph} aria-hidden="true">1.</span> <span className={css.toolText}>Lista numerada</span>
          </ToggleButton>
          <ToggleButton className={css.tool} isSelected={state?.link ?? false} onChange={openLink}>
            <svg className={css.toolGlyph} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" /><path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" /></svg> <span className={css.toolText}>Link</span>
          </ToggleButton>
        </Toolbar>
        {linking ? (
          <div className={css.linkForm} role="group" aria-label="Link">
            <TextField
              className={css.linkField} label="Endereço do link" value={href} onChange={setHref} autoFocus
              description="https://, mailto: ou tel:" errorMessage={linkError ?? undefined}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); applyLink(); } }}
            />
            <Button size="sm" variant="secondary" onPress={applyLink}>Aplicar link</Button>
            {state?.link ? <Button size="sm" variant="secondary" onPress={removeLink}>Remover link</Button> : null}
            <Button size="sm" variant="link" onPress={() => setLinking(false)}>Cancelar</Button>
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      {errorMessage ? <p id={errorId} className={css.fieldError}>{errorMessage}</p> : null}
    </div>
  );
}
