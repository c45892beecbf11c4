import { useCallback } from 'react';
import { urlOfPath, type ScreenPath } from '#shared/routes';
import { useHistory } from './JourneyContext';

/**
 * Links and buttons change the URL; the route sync turns it into an event the machine decides on.
 * Only a path of the screen table is accepted (`PATHS.bill`, `item.path`).
 */
export function useGo(): (path: ScreenPath, search?: Record<string, string>) => void {
  const history = useHistory();
  return useCallback((path, search) => { history.push(urlOfPath(path, search)); }, [history]);
}
