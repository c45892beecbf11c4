import type { PickedFile } from '#machines/project/projectMachine';
import { messages as m, type MessageKey } from '#shared/messages';
import type { ProjectFile } from '#shared/project/payloads';
import { Button } from '../../../ui/Button/Button';
import { FileDrop } from '../../../ui/FileDrop/FileDrop';
import { whenText } from './dates';
import * as s from '../ProjectStatusPage.css';

export interface ProjectUploadProps {
  file: PickedFile | null;
  error: MessageKey | null;
  files: readonly ProjectFile[];
  sending: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
  onSend: () => void;
}

/** The file staff asked for (shown only while they keep the upload open): drop or pick it, then send it. */
export function ProjectUpload({ file, error, files, sending, onChoose, onRemove, onSend }: ProjectUploadProps) {
  return (
    <section className={s.card} aria-labelledby="project-upload">
      <h2 id="project-upload" className={s.cardTitle}>{m['project.upload.title']}</h2>
      <FileDrop
        label={m['project.upload.label']} description={m['project.upload.description']} file={file} error={error ? m[error] : null}
        onChoose={onChoose} onRemove={onRemove} isDisabled={sending}
      />
      <div>
        <Button variant="primary" onPress={onSend} isDisabled={!file} isPending={sending}>{m['project.upload.send']}</Button>
      </div>
      {files.length ? (
        <div className={s.files}>
          <h3 className={s.subTitle}>{m['project.files']}</h3>
          <ul className={s.fileList}>
            {files.map((f) => <li key={f.id}><span className={s.fileName}>{f.name}</span> <span className={s.muted}>{whenText(f.created_at)}</span></li>)}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
