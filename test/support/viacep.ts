import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks ViaCEP's protocol (`GET /ws/{cep}/json/`) and, on the same port,
 * BrasilAPI's CEP v1 (`GET /api/cep/v1/{cep}`), for the postal-code adapter's tests and the browser
 * test. `addresses` are the CEPs it knows; any other 8 digits answer ViaCEP's `{"erro": true}`
 * (or BrasilAPI's 404); a bad format answers 400 with an HTML body as ViaCEP does. `mode` 'hang'
 * never answers (the adapter's timeout), 'down' answers 502.
 */
export interface FakeCepServer {
  url: string;
  /** requests received, e.g. '/ws/01310100/json/' */
  requests: string[];
  mode: 'ok' | 'hang' | 'down';
  /** ViaCEP's "erro" as the string "true" instead of the boolean (both are seen) */
  erroAsString: boolean;
  close(): Promise<void>;
}

export interface FakeAddress { logradouro: string; bairro: string; complemento?: string; localidade: string; uf: string }

export const KNOWN_CEPS: Record<string, FakeAddress> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', complemento: 'de 612 a 1510 - lado par', localidade: 'São Paulo', uf: 'SP' },
  '20040020': { logradouro: 'Praça Floriano', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  // a town-wide CEP: ViaCEP knows the city and state only
  '37800000': { logradouro: '', bairro: '', localidade: 'Guaxupé', uf: 'MG' },
};

export async function startFakeCepServer(addresses: Record<string, FakeAddress> = KNOWN_CEPS, host = '127.0.0.1'): Promise<FakeCepServer> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const state: FakeCepServer = { url: '', requests: [], mode: 'ok', erroAsString: false, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    state.requests.push(path);
    if (state.mode === 'hang') { hanging.add(res); return; }
    if (state.mode === 'down') { res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'); return; }
    const via = /^\/ws\/([^/]*)\/json\/?$/.exec(path);
    const brasil = /^\/api\/cep\/v1\/([^/]*)$/.exec(path);
    const cep = via?.[1] ?? brasil?.[1];
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(body));
    if (cep === undefined) { res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>'); return; }
    if (!/^\d{8}$/.test(cep)) { res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h2>Http 400</h2><h3>Verifique a sua URL (Bad Request)</h3>'); return; }
    const a = addresses[cep];
    if (via) {
      if (!a) { json(200, { erro: state.erroAsString ? 'true' : true }); return; }
      json(200, {
        cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, logradouro: a.logradouro, complemento: a.complemento ?? '', unidade: '', bairro: a.bairro,
        localidade: a.localidade, uf: a.uf, estado: '', regiao: '', ibge: '', gia: '', ddd: '', siafi: '',
      });
      return;
    }
    if (!a) { json(404, { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' }); return; }
    json(200, { cep, state: a.uf, city: a.localidade, neighborhood: a.bairro, street: a.logradouro, service: 'fake' });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://${host}:${port}`;
  state.close = () => new Promise<void>((resolve) => {
    for (const r of hanging) r.destroy();
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}
