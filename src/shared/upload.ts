import { MAX_UPLOAD_BYTES } from './bill/rules';
import type { MessageKey } from './messages';

/**
 * The browser's first check of a chosen file (spec §5 "Files"): the server checks again by content.
 * Declared types accepted: image/jpeg, image/jpg, image/png, application/pdf.
 */
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'] as const;

/** The name extensions a file picker offers (the type may be missing on some systems). */
const ACCEPTED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

export interface ChosenFile { name: string; size: number; type: string }

/** Why a chosen file cannot be sent, or null when it may be. */
export function uploadProblem(file: ChosenFile): MessageKey | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'upload.file.tooLarge';
  const typed = (ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type);
  if (!typed && !(file.type === '' && ACCEPTED_EXTENSIONS.test(file.name))) return 'upload.file.unsupported';
  if (file.size === 0) return 'upload.file.empty';
  return null;
}

/** Spec §2: a file name longer than 15 characters is shortened (its extension kept). */
export const FILE_NAME_MAX = 15;
export function shortFileName(name: string, max = FILE_NAME_MAX): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 5 ? name.slice(dot) : '';
  return `${name.slice(0, Math.max(1, max - ext.length - 1))}…${ext}`;
}
