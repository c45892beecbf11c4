import { useCallback, useEffect, useState } from 'react';
import type { City } from '#shared/auth/payloads';
import { useApiLoader } from '../../../journey/JourneyContext';

/**
 * The cities of a state (GET /portal/cities/{state}); empty until a state is chosen. `failed` when
 * the list could not be loaded; `retry` asks again.
 */
export function useCities(state: string): { cities: City[]; loading: boolean; failed: boolean; retry: () => void } {
  const getApi = useApiLoader();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; cities: City[]; failed: boolean }>({ key: '', cities: [], failed: false });
  const key = `${state}#${attempt}`;
  useEffect(() => {
    if (!state) return;
    let alive = true;
    getApi().then((api) => api.getCities(state)).then(
      (cities) => { if (alive) setResult({ key, cities, failed: false }); },
      () => { if (alive) setResult({ key, cities: [], failed: true }); },
    );
    return () => { alive = false; };
  }, [getApi, state, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = result.key === key;
  return { cities: current ? result.cities : [], loading: Boolean(state) && !current, failed: current && result.failed, retry };
}
