import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { urlOfPath } from './paths';

/** Links and buttons change the URL; the route sync turns it into an event the machine decides on. */
export function useGo(): (path: string, search?: Record<string, string>) => void {
  const router = useRouter();
  return useCallback((path, search) => { router.history.push(urlOfPath(path, search)); }, [router]);
}
