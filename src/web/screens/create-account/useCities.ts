import { useEffect, useState } from 'react';
import type { City } from '../../../shared/api/auth';
import { useApiLoader } from '../../app/JourneyContext';

/** The cities of a state (GET /portal/cities/{state}); empty until a state is chosen. */
export function useCities(state: string): { cities: City[]; loading: boolean; failed: boolean } {
  const getApi = useApiLoader();
  const [result, setResult] = useState<{ state: string; cities: City[]; failed: boolean }>({ state: '', cities: [], failed: false });
  useEffect(() => {
    if (!state) return;
    let alive = true;
    getApi().then((api) => api.getCities(state)).then(
      (cities) => { if (alive) setResult({ state, cities, failed: false }); },
      () => { if (alive) setResult({ state, cities: [], failed: true }); },
    );
    return () => { alive = false; };
  }, [getApi, state]);
  const current = result.state === state;
  return { cities: current ? result.cities : [], loading: Boolean(state) && !current, failed: current && result.failed };
}
