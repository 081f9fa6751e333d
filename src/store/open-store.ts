import { ConfigError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import { openSqliteStore } from './open-sqlite-store.js';

/** Options every store backend understands. */
export interface OpenStoreOptions {
  /** Open for reading only: nothing is created, migrated or written. */
  readonly?: boolean;
}

/** One kind of store location: the URL schemes it claims and how to open it. */
export interface StoreBackend {
  /** Schemes with their colon, e.g. `sqlite:`. */
  schemes: readonly string[];
  open(location: string, options: OpenStoreOptions): Promise<TraceStore>;
}

const sqliteBackend: StoreBackend = {
  schemes: ['sqlite:'],
  // `sqlite:runs.db`, `sqlite://runs.db` and `sqlite:///abs/runs.db` all name a path.
  open: (location, options) => openSqliteStore(location.replace(/^sqlite:(\/\/)?/i, ''), options),
};

const postgresBackend: StoreBackend = {
  schemes: ['postgres:', 'postgresql:'],
  // Loaded on use: SQLite-only installs never load pg.
  open: async (location, options) => {
    const { openPostgresStore } = await import('./postgres/open-postgres-store.js');
    return openPostgresStore(location, options);
  },
};

/** Backends by scheme. Adding a backend is registering one. */
const backends: StoreBackend[] = [sqliteBackend, postgresBackend];

/**
 * Adds a store backend for its URL schemes (a plugin's own database, say),
 * checked against the shared `TraceStore` suite of `quorum/testing`. A
 * scheme another backend already claims is a `ConfigError`.
 */
export function registerStoreBackend(backend: StoreBackend): void {
  const schemes = backend.schemes.map((scheme) => scheme.toLowerCase());
  const bad = schemes.find((scheme) => !/^[a-z][a-z0-9+.-]+:$/.test(scheme));
  if (bad !== undefined) throw new ConfigError(`store scheme "${bad}" is not a URL scheme`, 'name schemes with their colon, e.g. "mydb:"');
  const holder = backends.find((known) => known.schemes.some((scheme) => schemes.includes(scheme)));
  // the same backend again (a plugin imported twice) is not a conflict
  if (holder !== undefined && holder.open === backend.open) return;
  if (holder !== undefined) throw new ConfigError(`store scheme ${schemes.find((scheme) => holder.schemes.includes(scheme))} is already registered`, 'choose another scheme');
  backends.push({ schemes, open: backend.open });
}

/** The URL schemes of every registered store backend. */
export function storeSchemes(): string[] {
  return backends.flatMap((backend) => backend.schemes);
}

/**
 * Opens the store a location names: `postgres://…` for PostgreSQL, or a
 * file path / `sqlite:<path>` for SQLite (the default). Throws `ConfigError`
 * for a scheme no backend claims.
 */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<TraceStore> {
  if (location.trim() === '') throw new ConfigError('the store location is empty', 'give a file path, sqlite:<path> or postgres://…');
  // Two or more letters before the colon: `C:\runs.db` is a Windows path, not a scheme.
  const scheme = /^([a-z][a-z0-9+.-]+:)/i.exec(location)?.[1]?.toLowerCase();
  if (scheme === undefined) return sqliteBackend.open(location, options);
  const backend = backends.find((candidate) => candidate.schemes.includes(scheme));
  if (backend === undefined) {
    const known = backends.flatMap((candidate) => candidate.schemes).join(', ');
    // The location itself is not echoed: URLs may carry passwords.
    throw new ConfigError(`unknown store scheme ${scheme}`, `use a file path or one of: ${known}`);
  }
  return backend.open(location, options);
}
