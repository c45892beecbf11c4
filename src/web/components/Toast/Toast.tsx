import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';
import * as styles from './Toast.css';

export type ToastTone = 'error' | 'success' | 'info';
export type ToastPlacement = 'top-right' | 'top-left';

export interface ToastMessage {
  tone: ToastTone;
  message: string;
}

export interface ToastOptions {
  /** Milliseconds before it closes by itself. @default DEFAULT_TOAST_TIMEOUT (3 s, spec §9) */
  timeout?: number;
  /** @default 'top-right' */
  placement?: ToastPlacement;
  onClose?: () => void;
}

/** Spec §9: toasts close by themselves after 3 s. */
export const DEFAULT_TOAST_TIMEOUT = 3_000;
/** Spec §2/§9: on the phone screens (login, sign-up) error toasts sit top-left and stay 10 s. */
export const PHONE_SCREEN_ERROR_TOAST: Readonly<Required<Pick<ToastOptions, 'timeout' | 'placement'>>> = {
  timeout: 10_000,
  placement: 'top-left',
};

const queues: Record<ToastPlacement, ToastQueue<ToastMessage>> = {
  'top-right': new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 }),
  'top-left': new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 }),
};

function show(tone: ToastTone, message: string, options: ToastOptions = {}): string {
  const { timeout = DEFAULT_TOAST_TIMEOUT, placement = 'top-right', onClose } = options;
  return queues[placement].add({ tone, message }, { timeout, onClose });
}

/**
 * The toast queue, callable from anywhere (machine actions provided at the edge, screens).
 * `toast.error(messages['...'], PHONE_SCREEN_ERROR_TOAST)` on the phone screens.
 * Render `<Toaster />` once near the root.
 */
export const toast = {
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Closes one toast by the key `error`/`success`/`info` returned. */
  close: (key: string) => {
    for (const queue of Object.values(queues)) queue.close(key);
  },
  /** Removes every toast (tests, logout). */
  clear: () => {
    for (const queue of Object.values(queues)) queue.clear();
  },
};

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
