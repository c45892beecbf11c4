import type { CepResult } from '#shared/visit/payloads';
import type { Clock } from '../../config';
import { countProviderError } from '../../platform/metrics';

/**
 * Postal-code lookup (ARCHITECTURE "Postal code"): ViaCEP first, a second provider (BrasilAPI's
 * CEP v1) when ViaCEP fails or times out, an in-memory cache with a TTL, and a timeout per
 * provider. The answer uses ViaCEP's field names (spec §3 "Postal-code lookup result").
 *
 * - found: the address; not found: every provider that answered said so (ViaCEP `{"erro": true}`
 *   or `"erro": "true"`, BrasilAPI 404); unavailable: no provider answered (the form then asks for
 *   the address by hand with the spec's message).
 */
export type CepLookupResult = { found: true; address: CepResult } | { found: false };

export class CepUnavailable extends Error {
  constructor(readonly causes: string[]) {
    super(`no postal-code provider answered: ${causes.join('; ')}`);
  }
}

export interface CepLookup {
  lookup(cep: string): Promise<CepLookupResult>;
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface CepProvider {
  readonly name: string;
  /** the address, null when the provider says the CEP does not exist; throws when it cannot answer */
  find(cep: string, signal: AbortSignal): Promise<CepResult | null>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const masked = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

/** ViaCEP: GET {base}/ws/{8 digits}/json/; unknown CEP -> 200 with `erro` true (boolean or "true"). */
export function viaCep(opts: { baseUrl: string; fetch?: FetchLike }): CepProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'viacep',
    async find(cep, signal) {
      const res = await doFetch(`${opts.baseUrl.replace(/\/$/, '')}/ws/${cep}/json/`, { signal, headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`viacep answered ${res.status}`);
      const body = (await res.json()) as Record<string, unknown>;
      if (body.erro === true || body.erro === 'true') return null;
      if (!str(body.localidade) || !str(body.uf)) throw new Error('viacep answered without city or state');
      return {
        cep: str(body.cep) || masked(cep), logradouro: str(body.logradouro), bairro: str(body.bairro),
        complemento: str(body.complemento), localidade: str(body.localidade), uf: str(body.uf),
      };
    },
  };
}

/** BrasilAPI CEP v1: GET {base}/api/cep/v1/{cep} -> {cep, state, city, neighborhood, street}; 404 when not found. */
export function brasilApiCep(opts: { baseUrl: string; fetch?: FetchLike }): CepProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'brasilapi',
    async find(cep, signal) {
      const res = await doFetch(`${opts.baseUrl.replace(/\/$/, '')}/api/cep/v1/${cep}`, { signal, headers: { Accept: 'application/json' } });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`brasilapi answered ${res.status}`);
      const body = (await res.json()) as Record<string, unknown>;
      if (!str(body.city) || !str(body.state)) throw new Error('brasilapi answered without city or state');
      return {
        cep: masked(cep), logradouro: str(body.street), bairro: str(body.neighborhood), complemento: '',
        localidade: str(body.city), uf: str(body.state),
      };
    },
  };
}

export interface CepLookupOptions {
  providers: readonly CepProvider[];
  /** per provider; the next provider is asked when it passes */
  timeoutMs: number;
  /** how long a found address is kept; a not-found answer is kept for a tenth of it */
  ttlMs: number;
  clock: Clock;
  /** entries kept at most (the oldest go first) */
  maxEntries?: number;
}

export function createCepLookup(opts: CepLookupOptions): CepLookup {
  const cache = new Map<string, { result: CepLookupResult; expires: number }>();
  const max = opts.maxEntries ?? 10_000;
  const remember = (cep: string, result: CepLookupResult) => {
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(cep, { result, expires: opts.clock.now().getTime() + (result.found ? opts.ttlMs : opts.ttlMs / 10) });
  };
  return {
    async lookup(cep) {
      const hit = cache.get(cep);
      if (hit && hit.expires > opts.clock.now().getTime()) return hit.result;
      cache.delete(cep);
      const causes: string[] = [];
      let notFound = false;
      for (const provider of opts.providers) {
        try {
          const address = await provider.find(cep, AbortSignal.timeout(opts.timeoutMs));
          if (address) {
            const result: CepLookupResult = { found: true, address };
            remember(cep, result);
            return result;
          }
          notFound = true; // ask the next one too: it may know a newer CEP
        } catch (e) {
          countProviderError(provider.name);
          causes.push(`${provider.name}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (notFound) {
        const result: CepLookupResult = { found: false };
        remember(cep, result);
        return result;
      }
      throw new CepUnavailable(causes);
    },
  };
}

/** From the environment: VIACEP_URL, CEP_FALLBACK_URL ('' or 'none' turns the fallback off), CEP_TIMEOUT_MS, CEP_CACHE_TTL_S. */
export function cepLookupFromEnv(env: NodeJS.ProcessEnv, clock: Clock): CepLookup {
  const fallback = env.CEP_FALLBACK_URL ?? 'https://brasilapi.com.br';
  return createCepLookup({
    providers: [
      viaCep({ baseUrl: env.VIACEP_URL || 'https://viacep.com.br' }),
      ...(fallback && fallback !== 'none' ? [brasilApiCep({ baseUrl: fallback })] : []),
    ],
    timeoutMs: Number(env.CEP_TIMEOUT_MS ?? 4000),
    ttlMs: Number(env.CEP_CACHE_TTL_S ?? 86_400) * 1000,
    clock,
  });
}
