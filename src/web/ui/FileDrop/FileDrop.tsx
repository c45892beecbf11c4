import { useEffect, useId, useRef } from 'react';
import { DropZone } from 'react-aria-components/DropZone';
import { FileTrigger } from 'react-aria-components/FileTrigger';
import { Button } from '../Button/Button';
import { ACCEPTED_UPLOAD_TYPES, shortFileName } from '#shared/upload';
import * as f from '../Field/Field.css';
import * as styles from './FileDrop.css';

export interface FileDropProps {
  label: string;
  /** why this file is asked for, under the label */
  description?: string;
  /** the file chosen so far (its name is shown, shortened) */
  file: { name: string } | null;
  /** the message under the area (size, type, missing file) */
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  isDisabled?: boolean;
  /** @default the portal's uploads: PDF, JPEG, PNG */
  acceptedFileTypes?: readonly string[];
  /** @default 'PDF, JPG ou PNG, até 10 MB' */
  hint?: string;
}

/**
 * One file: drop it or pick it (RAC DropZone + FileTrigger); once chosen, its short name, a success
 * icon and 'Remover'. The picker carries `data-upload-trigger` and 'Remover' `data-upload-remove`,
 * so a page can put the keyboard on them.
 */
export function FileDrop({
  label, description, file, error, onChoose, onRemove, isDisabled, acceptedFileTypes = ACCEPTED_UPLOAD_TYPES, hint = 'PDF, JPG ou PNG, até 10 MB',
}: FileDropProps) {
  const labelId = useId();
  const errorId = useId();
  const descriptionId = useId();
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  // Choosing a file swaps the picker for the file's row (and 'Remover' swaps it back): the focused
  // button vanishes, so focus moves to the button that replaced it instead of falling to the page's top.
  const group = useRef<HTMLDivElement>(null);
  const hadFile = useRef(file !== null);
  useEffect(() => {
    const had = hadFile.current;
    hadFile.current = file !== null;
    if (had === (file !== null)) return;
    const active = document.activeElement;
    if (active && active !== document.body && !group.current?.contains(active)) return;
    group.current?.querySelector<HTMLElement>(file ? '[data-upload-remove]' : '[data-upload-trigger]')?.focus();
  }, [file]);
  return (
    <div ref={group} className={styles.block} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <p id={labelId} className={`${f.label} ${styles.flush}`}>{label}</p>
      {description ? <p id={descriptionId} className={`${f.description} ${styles.flush}`}>{description}</p> : null}
      {file ? (
        <div className={styles.fileRow}>
          <svg className={styles.successIcon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          <span className={styles.fileName} title={file.name}>{shortFileName(file.name)}</span>
          <Button variant="link" size="sm" onPress={onRemove} isDisabled={isDisabled} aria-label={`Remover ${file.name}`} data-upload-remove>Remover</Button>
        </div>
      ) : (
        <DropZone
          className={styles.dropZone}
          aria-label={label}
          isDisabled={isDisabled}
          onDrop={async (e) => {
            for (const item of e.items) {
              if (item.kind === 'file') {
                onChoose(await item.getFile());
                return;
              }
            }
          }}
        >
          <span className={styles.dragHint}>Arraste o arquivo até aqui ou</span>
          <FileTrigger acceptedFileTypes={[...acceptedFileTypes]} onSelect={(list) => { const chosen = list?.[0]; if (chosen) onChoose(chosen); }}>
            <Button variant="secondary" size="sm" isDisabled={isDisabled} data-upload-trigger>Escolher arquivo</Button>
          </FileTrigger>
          <p className={styles.hint}>{hint}</p>
        </DropZone>
      )}
      {error ? <p id={errorId} className={`${f.error} ${styles.flush}`} role="alert">{error}</p> : null}
    </div>
  );
}
