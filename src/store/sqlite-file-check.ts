import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Sqlite from 'better-sqlite3';
import { StoreError } from '../spec/errors.js';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Checks a store path before SQLite touches it and creates its missing
 * folders one by one. Node's recursive mkdir loops forever (at full CPU,
 * deaf to signals) when a parent such as /proc refuses to hold folders;
 * here every failure is a `StoreError` naming the path at once. An
 * existing path must be a regular file: a folder, device or pipe is never
 * a store. Returns true when no file is there yet (SQLite will create it).
 */
export function prepareSqlitePath(file: string, readonly: boolean): boolean {
  const existing = statOrUndefined(file);
  if (existing !== undefined) {
    if (!existing.isFile()) throw new StoreError(`cannot use ${file} as a SQLite store: it is ${kindOf(existing)}, not a file`, 'give --db a file path (it is created when missing)');
    return false;
  }
  if (readonly) return true; // SQLite says the file is missing, with the read-only hint
  const missing: string[] = [];
  let folder = dirname(resolve(file));
  for (let stats = statOrUndefined(folder); stats === undefined; stats = statOrUndefined(folder)) {
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  const parentStats = statOrUndefined(folder);
  if (parentStats !== undefined && !parentStats.isDirectory()) throw new StoreError(`cannot create the SQLite store ${file}: ${folder} is ${kindOf(parentStats)}, not a folder`, 'check the --db path');
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new StoreError(`cannot create the folder ${path} for the SQLite store ${file} (${code})`, 'check the --db path: its folder must be one you can create files in', error);
    }
  }
  return true;
}

/**
 * Refuses a SQLite file that holds another application's tables: quorum
 * would otherwise add its own tables to it without a word. A new or empty
 * file, or one quorum migrated (kysely's bookkeeping table is there), is
 * fine.
 */
export function assertNotForeign(sqlite: Sqlite.Database, file: string): void {
  const tables = sqlite.prepare<[], string>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all();
  if (tables.length === 0 || tables.includes('kysely_migration')) return;
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, … (${tables.length} tables)` : '');
  throw new StoreError(
    `${file} is a SQLite database of another application (tables: ${shown}), not a quorum store; quorum leaves it unchanged`,
    'give --db a new file, or a store quorum created',
  );
}

/**
 * What is wrong with a file SQLite called "not a database" or "malformed":
 * a SQLite file shorter than its header says (cut short: a copy that did
 * not finish, a full disk), a damaged one, or something else entirely.
 */
export function describeBadFile(file: string): { message: string; hint: string } {
  let header = Buffer.alloc(0);
  let size = 0;
  try {
    size = statSync(file).size;
    const fd = openSync(file, 'r');
    try {
      header = Buffer.alloc(Math.min(100, size));
      readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return { message: `${file} cannot be read`, hint: 'check the path and its permissions' };
  }
  if (header.length < SQLITE_HEADER.length || !header.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
    return { message: `${file} is not a SQLite database (it does not start with the SQLite header)`, hint: 'the file is not a quorum store: check the --db path (it names some other file)' };
  }
  const restore = 'restore it from a backup or rebuild it from a JSONL export (`quorum import`); quorum does not write to it';
  if (header.length < 100) return { message: `${file} is a SQLite database cut short: ${size} bytes, less than its 100-byte header`, hint: restore };
  const pageSizeField = header.readUInt16BE(16);
  const pageSize = pageSizeField === 1 ? 65_536 : pageSizeField;
  const pages = header.readUInt32BE(28);
  const expected = pageSize * pages;
  if (pages > 0 && size < expected) {
    return { message: `${file} is a SQLite database cut short: ${size} bytes, but its header says ${pages} pages of ${pageSize} bytes (${expected} bytes)`, hint: restore };
  }
  return { message: `${file} is a damaged SQLite database`, hint: restore };
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function kindOf(stats: NonNullable<ReturnType<typeof statSync>>): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isFIFO()) return 'a pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}
