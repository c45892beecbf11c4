import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { urlOfPath, type ScreenPath } from '#shared/routes';

/**
 * Links and buttons change the URL; the route sync turns it into an event the machine decides on.
 * Only a path of the screen table is accepted (`PATHS.bill`, `item.path`).
 */
export function useGo(): (path: ScreenPath, search?: Record<string, string>) => void {
  const router = useRouter();
  return useCallback((path, search) => { router.history.push(urlOfPath(path, search)); }, [router]);
}
