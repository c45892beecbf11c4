/** Saves a downloaded file under `name` (the browser's download; tests pass their own). */
export type SaveFile = (file: Blob, name: string) => void;

/** The browser's download of a file fetched with the session (a proposal, a contract, a project file). */
export const saveInBrowser: SaveFile = (file, name) => {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
