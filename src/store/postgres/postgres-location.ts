import { ConfigError } from '../../spec/errors.js';

/** A `postgres://` store location taken apart. */
export interface PostgresLocation {
  /** The connection URL handed to `pg`, without quorum's own parameters. */
  connectionString: string;
  /** The schema quorum's tables live in (`?schema=`), or undefined for the server's default search path. */
  schema: string | undefined;
  /** Connections in the pool (`?pool=`), or undefined for the default. */
  poolSize: number | undefined;
  /** The location with any password removed: safe in messages and logs. */
  display: string;
}

/** Parameters quorum reads itself; everything else in the query string goes to `pg` unchanged. */
const QUORUM_PARAMETERS = ['schema', 'pool'] as const;

/** A schema name quorum will put into `search_path` unquoted: plain lower-case identifiers only. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Parses `postgres://user@host:port/db[?schema=name][&pool=n]`. `schema`
 * keeps quorum's tables in their own schema (created on first open), so
 * several stores — or parallel test runs — can share one database. Throws
 * `ConfigError` without ever echoing the password.
 */
export function parsePostgresLocation(location: string): PostgresLocation {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new ConfigError('the PostgreSQL store location is not a valid URL', 'write it as postgres://user@host:5432/database (the password belongs in PGPASSWORD or ~/.pgpass)');
  }
  const display = redactedLocation(url);
  const schema = url.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new ConfigError(`${display}: schema "${schema}" is not a plain identifier`, 'use lower-case letters, digits and underscores, starting with a letter or underscore');
  }
  const poolText = url.searchParams.get('pool') ?? undefined;
  const poolSize = poolText === undefined ? undefined : Number(poolText);
  if (poolSize !== undefined && (!Number.isInteger(poolSize) || poolSize < 2 || poolSize > 1000)) {
    throw new ConfigError(`${display}: pool must be a whole number from 2 to 1000, got "${poolText}"`, 'e.g. ?pool=20 (connections this process opens at most)');
  }
  for (const name of QUORUM_PARAMETERS) url.searchParams.delete(name);
  return { connectionString: url.href, schema, poolSize, display };
}

/** The URL without its password (the user name stays: it helps find the right account). */
export function redactedLocation(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password !== '') copy.password = '***';
  for (const name of [...copy.searchParams.keys()]) if (/pass|secret|key/i.test(name)) copy.searchParams.set(name, '***');
  return copy.href;
}
