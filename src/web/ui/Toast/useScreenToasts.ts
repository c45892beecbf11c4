import { useCallback, useEffect, useRef } from 'react';
import { toast, type ToastOptions } from './toastQueue';

/**
 * Error toasts that belong to one screen: shown like `toast.error`, and closed when the screen goes
 * away. A step that succeeded must not carry its old errors onto the next screen (a 10 s
 * 'Código de acesso inválido' over the registration form reads as if the new screen failed).
 */
export function useScreenErrorToasts(): (message: string, options?: ToastOptions) => void {
  const keys = useRef<string[]>([]);
  useEffect(() => () => {
    for (const key of keys.current) toast.close(key);
    keys.current = [];
  }, []);
  return useCallback((message: string, options?: ToastOptions) => {
    keys.current.push(toast.error(message, options));
  }, []);
}
