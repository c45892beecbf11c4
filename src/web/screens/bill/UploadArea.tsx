import { useId } from 'react';
import { DropZone } from 'react-aria-components/DropZone';
import { FileTrigger } from 'react-aria-components/FileTrigger';
import { Button } from '../../components/Button/Button';
import { ACCEPTED_UPLOAD_TYPES, shortFileName } from '../../../shared/upload';
import type { PickedFile } from '../../../../machines/bill/billMachine';
import * as s from './BillScreen.css';

export interface UploadAreaProps {
  label: string;
  file: PickedFile | null;
  /** the message under the area (size, type, missing badge) */
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  isDisabled?: boolean;
}

/** One file: drop it or pick it (RAC DropZone + FileTrigger); once chosen, its short name, a success icon and 'Remover'. */
export function UploadArea({ label, file, error, onChoose, onRemove, isDisabled }: UploadAreaProps) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className={s.uploadBlock} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <p id={labelId} className={s.uploadLabel}>{label}</p>
      {file ? (
        <div className={s.fileRow}>
          <svg className={s.successIcon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
          <span className={s.fileName} title={file.name}>{shortFileName(file.name)}</span>
          <Button variant="link" size="sm" onPress={onRemove} isDisabled={isDisabled} aria-label={`Remover ${file.name}`}>Remover</Button>
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
          <span>Arraste o arquivo até aqui ou</span>
          <FileTrigger acceptedFileTypes={[...ACCEPTED_UPLOAD_TYPES]} onSelect={(list) => { const f = list?.[0]; if (f) onChoose(f); }}>
            <Button variant="secondary" size="sm" isDisabled={isDisabled}>Escolher arquivo</Button>
          </FileTrigger>
          <p className={s.hint}>PDF, JPG ou PNG, até 10 MB</p>
        </DropZone>
      )}
      {error ? <p id={errorId} className={s.error} role="alert">{error}</p> : null}
    </div>
  );
}
