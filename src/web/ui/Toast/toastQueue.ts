import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components/Toast';

/*
 * The toast queue and its API, without any UI: light enough for the app shell. The regions that
 * show the toasts are in Toast.tsx (`Toaster`), which the shell may load lazily; toasts added
 * before it mounts are shown when it does.
 */
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

export const queues: Record<ToastPlacement, ToastQueue<ToastMessage>> = {
  'top-right': new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 }),
  'top-left': new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 }),
};

/**
 * Identical toasts do not stack: the same tone and text already on screen is replaced by the new one
 * (its timer starts again), so pressing a refused button five times shows one message, not five.
 */
function show(tone: ToastTone, message: string, options: ToastOptions = {}): string {
  const { timeout = DEFAULT_TOAST_TIMEOUT, placement = 'top-right', onClose } = options;
  const queue = queues[placement];
  for (const shown of queue.visibleToasts) {
    if (shown.content.tone === tone && shown.content.message === message) queue.close(shown.key);
  }
  return queue.add({ tone, message }, { timeout, onClose });
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
