import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';
import { queues, type ToastPlacement, type ToastTone } from './toastQueue';
import * as styles from './Toast.css';

export {
  toast,
  DEFAULT_TOAST_TIMEOUT,
  PHONE_SCREEN_ERROR_TOAST,
  type ToastMessage,
  type ToastOptions,
  type ToastPlacement,
  type ToastTone,
} from './toastQueue';

function ToneIcon({ tone }: { tone: ToastTone }) {
  const cls = `${styles.icon} ${styles.iconTone[tone]}`;
  if (tone === 'success') {
    return (
      <svg className={cls} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M6 10.5 8.7 13 14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg className={cls} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d={tone === 'error' ? 'M10 5.5v5.5M10 14v.5' : 'M10 9v5.5M10 5.5v.5'} stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function Region({ placement }: { placement: ToastPlacement }) {
  return (
    <ToastRegion queue={queues[placement]} className={styles.region[placement]} aria-label="Notificações">
      {({ toast: queued }) => (
        <RACToast toast={queued} className={`${styles.toast} ${styles.tone[queued.content.tone]}`}>
          <ToneIcon tone={queued.content.tone} />
          <ToastContent className={styles.content}>
            <Text slot="title">{queued.content.message}</Text>
          </ToastContent>
          <RACButton slot="close" className={styles.close} aria-label="Fechar">
            <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </RACButton>
        </RACToast>
      )}
    </ToastRegion>
  );
}

/** Renders both toast regions; mount once (app root, or a test's render). */
export function Toaster() {
  return (
    <>
      <Region placement="top-right" />
      <Region placement="top-left" />
    </>
  );
}

/** Default export for `lazy(() => import('.../Toast/Toast'))` in the app shell. */
export default Toaster;
