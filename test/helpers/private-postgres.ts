/**
 * A private PostgreSQL server for a test that must stop and start it (the
 * shared one of DATABASE_URL belongs to every test file running at once).
 * It is made the way `.ci/run` makes its instance: the Debian server
 * binaries under /usr/lib/postgresql/<version>/bin (the newest version
 * found), `initdb` into a temporary folder with trust authentication, a
 * loopback port, fsync off. PostgreSQL refuses to run as root, so under
 * root every server command runs as the `postgres` user (`runuser`) and the
 * folder is handed to it.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl, or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')) && existsSync(join(DEBIAN_ROOT, version, 'bin', 'pg_ctl')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(DEBIAN_ROOT, newest, 'bin');
}

/** A running private server. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  /** Stops the server the way a crash would (`pg_ctl stop -m immediate`: no checkpoint, crash recovery on the next start). */
  crash(): Promise<void>;
  /** Starts the server again on the same data folder and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/** Creates a data folder with `initdb` and starts a server on a free loopback port. */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const root = userInfo().uid === 0;
  const folder = mkdtempSync(join(tmpdir(), 'quorum-private-pg-'));
  const data = join(folder, 'data');
  mkdirSync(data);
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: gidOut } = await run('id', ['-g', 'postgres']);
    const gid = Number(gidOut.trim());
    chownSync(folder, uid, gid);
    chownSync(data, uid, gid);
  }
  const server = (program: string, args: readonly string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args]) : run(join(binDir, program), args);
  const port = await freePort();
  let running = false;
  const start = async () => {
    await server('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
    running = true;
  };
  const crash = async () => {
    await server('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    running = false;
  };
  try {
    await server('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    await start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash,
    start,
    async destroy() {
      if (running) await crash().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
