import pg from 'pg';

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates `database` on the server behind `adminUrl` when missing; returns its URL and whether it was created. */
export async function ensureDatabase(
  adminUrl: string,
  database: string,
): Promise<{ url: string; created: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`not a plain database name: ${database}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${database}`);
      return { url: withDatabaseName(adminUrl, database), created: true };
    }
    return { url: withDatabaseName(adminUrl, database), created: false };
  } finally {
    await client.end();
  }
}
