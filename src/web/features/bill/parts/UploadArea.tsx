import { useEffect, useId, useRef } from 'react';
import { DropZone } from 'react-aria-components/DropZone';
import { FileTrigger } from 'react-aria-components/FileTrigger';
import { Button } from '../../../ui/Button/Button';
import { ACCEPTED_UPLOAD_TYPES, shortFileName } from '#shared/upload';
import type { PickedFile } from '#machines/bill/billMachine';
import * as f from '../../../ui/Field/Field.css';
import * as s from '../BillScreen.css';

export interface UploadAreaProps {
  label: string;
  /** why this file is asked for, under the label */
  description?: string;
  file: PickedFile | null;
  /** the message under the area (size, type, missing badge) */
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  isDisabled?: boolean;
}

/** One file: drop it or pick it (RAC DropZone + FileTrigger); once chosen, its short name, a success icon and 'Remover'. */
export function UploadArea({ label, description, file, error, onChoose, onRemove, isDisabled }: UploadAreaProps) {
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
    <div ref={group} className={s.uploadBlock} role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <p id={labelId} className={`${f.label} ${s.flush}`}>{label}</p>
      {description ? <p id={descriptionId} className={`${f.description} ${s.flush}`}>{description}</p> : null}
      {file ? (
        <div className={s.fileRow}>
          <svg className={s.successIcon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          <span className={s.fileName} title={file.name}>{shortFileName(file.name)}</span>
          <Button variant="link" size="sm" onPress={onRemove} isDisabled={isDisabled} aria-label={`Remover ${file.name}`} data-upload-remove>Remover</Button>
        </div>
      ) : (
        <DropZone
          className={s.dropZone}
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
          <span className={s.dragHint}>Arraste o arquivo até aqui ou</span>
          <FileTrigger acceptedFileTypes={[...ACCEPTED_UPLOAD_TYPES]} onSelect={(list) => { const f = list?.[0]; if (f) onChoose(f); }}>
            <Button variant="secondary" size="sm" isDisabled={isDisabled} data-upload-trigger>Escolher arquivo</Button>
          </FileTrigger>
          <p className={s.hint}>PDF, JPG ou PNG, até 10 MB</p>
        </DropZone>
      )}
      {error ? <p id={errorId} className={`${f.error} ${s.flush}`} role="alert">{error}</p> : null}
    </div>
  );
}
