import { protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite. drizzle ignores `.prepare(name)` there: every `client.query`
 * parses, describes, plans and binds the text again (six trips into the WebAssembly backend) and
 * copies PGlite's ~300 type parsers to merge drizzle's. The SQL texts registered here are parsed
 * once per PGlite instance under a name; a call then sends Bind, Execute and Sync in one message,
 * PostgreSQL reuses its cached (generic) plan, and the columns are parsed without that copy.
 * Every other text goes to PGlite's own `query` unchanged.
 */

interface Column { name: string; dataTypeID: number }
interface Named {
  name: string;
  /** parameter and column types, from Describe once the statement is parsed */
  described: { params: number[]; columns: Column[] } | null;
}

const { serialize } = protocol;
const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** One override per PGlite instance, and names unique in the process: a name never means two texts. */
const registers = new WeakMap<PGlite, (sql: string) => void>();
let statementCount = 0;

/** PostgreSQL forgot the statement (DEALLOCATE, a new backend): parse it again. */
const isUnknownStatement = (e: unknown) => (e as { code?: string } | null)?.code === '26000';

/**
 * Routes `client.query` of registered SQL texts to named statements; returns `register`. The
 * override is an own property of the instance, so whoever wraps `client.query` (tests counting
 * statements) still sees every call.
 */
export function installNamedStatements(client: PGlite): (sql: string) => void {
  const installed = registers.get(client);
  if (installed) return installed;
  const statements = new Map<string, Named>();
  const plainQuery = client.query.bind(client);

  async function describe(named: Named, text: string): Promise<NonNullable<Named['described']>> {
    const { messages: replies } = await client.execProtocol(concat([
      serialize.close({ type: 'S', name: named.name }), // none yet, or one PostgreSQL must re-parse
      serialize.parse({ name: named.name, text, types: [] }),
      serialize.describe({ type: 'S', name: named.name }),
      serialize.sync(),
    ]));
    let params: number[] = [];
    let columns: Column[] = [];
    for (const m of replies) {
      if (m.name === 'parameterDescription') params = (m as messages.ParameterDescriptionMessage).dataTypeIDs;
      if (m.name === 'rowDescription') {
        columns = (m as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      }
    }
    return { params, columns };
  }

  async function run<T>(named: Named, text: string, params: readonly unknown[], options: QueryOptions | undefined, retry: boolean): Promise<Results<T>> {
    const described = named.described ??= await describe(named, text);
    // as PGlite's query serialises parameters: by the type PostgreSQL inferred for each
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const oid = described.params[i]!;
      const toText = options?.serializers?.[oid] ?? client.serializers[oid];
      return toText ? toText(p) : String(p);
    });
    let replies: messages.BackendMessage[];
    try {
      ({ messages: replies } = await client.execProtocol(concat([serialize.bind({ statement: named.name, values }), EXECUTE_AND_SYNC])));
    } catch (e) {
      if (!retry || !isUnknownStatement(e)) throw e;
      named.described = null;
      return run(named, text, params, options, false);
    }
    const { columns } = described;
    const parsers = columns.map((c) => options?.parsers?.[c.dataTypeID] ?? client.parsers[c.dataTypeID]);
    const parse = (raw: string | null, i: number): unknown => {
      const parser = parsers[i];
      return raw === null || !parser ? raw : parser(raw, columns[i]!.dataTypeID);
    };
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const m of replies) {
      if (m.name === 'dataRow') {
        const fields = (m as messages.DataRowMessage).fields;
        if (options?.rowMode === 'array') {
          rows.push(fields.map(parse));
        } else {
          const row: Record<string, unknown> = {};
          fields.forEach((raw, i) => { row[columns[i]!.name] = parse(raw, i); });
          rows.push(row);
        }
      } else if (m.name === 'commandComplete') {
        const [command, ...rest] = (m as messages.CommandCompleteMessage).text.split(' ');
        if (command && ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows = Number(rest[rest.length - 1]);
      }
    }
    return { rows: rows as T[], fields: columns, affectedRows };
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const named = statements.get(text);
    if (!named || options?.blob || options?.paramTypes) return plainQuery<T>(text, params, options);
    await client._checkReady();
    // the same locks as PGlite's query: one statement at a time, never inside another's transaction
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(named, text, params ?? [], options, true)));
  };

  const register = (sql: string) => {
    if (!statements.has(sql)) statements.set(sql, { name: `portal_prepared_${++statementCount}`, described: null });
  };
  registers.set(client, register);
  return register;
}
