import { ProgressBar } from 'react-aria-components/ProgressBar';
import * as s from '../BillPage.css';

/** The share of the bill (and badge) sent so far, as a bar and a percentage. */
export function UploadProgress({ ratio }: { ratio: number }) {
  return (
    <ProgressBar value={Math.round(ratio * 100)} aria-label="Enviando a conta de luz" className={s.progress}>
      {({ percentage }) => (
        <>
          <span className={s.hint}>Enviando… {Math.round(percentage ?? 0)}%</span>
          <div className={s.progressTrack}><div className={`${s.progressFill} ${s.fillWidth[String(Math.round((percentage ?? 0) / 5) * 5)] ?? ''}`} /></div>
        </>
      )}
    </ProgressBar>
  );
}
