import pg from 'pg';

/**
 * One statement on a fresh connection that cannot wait for ever (connecting 10 s, the statement 60 s):
 * the test databases are made and dropped this way, not on a connection left idle for the whole run
 * (one the server or the network dropped meanwhile would leave the query, and the run, waiting).
 */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, query_timeout: 60_000, statement_timeout: 60_000 });
  await admin.connect();
  try { await admin.query(statement); } finally { await admin.end(); }
}
