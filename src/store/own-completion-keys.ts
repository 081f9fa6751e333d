import type BetterSqlite3 from 'better-sqlite3';

/**
 * Answers "can the completions table hold this key?" without a lookup,
 * while that is provable: the table was empty when this connection first
 * looked, and no other connection has committed to the file since
 * (SQLite's `PRAGMA data_version` changes only for other connections'
 * commits). Then the table holds exactly the keys this connection put, and
 * a key never put is a miss. On a new store every cache lookup misses, and
 * the lookup was ~10–20 µs of CPU per model call; `data_version` costs
 * about half of one, so it is read once per event-loop turn, and again
 * after any store of this process has committed cache entries: lookups are
 * answered as of the turn's first (as if they had run then), and a put whose
 * promise resolved, on any connection of this process, is always found.
 *
 * The first commit by another connection (another process on the same
 * file, a second store in this one) turns this off for good, and every
 * lookup goes to the table as before. Keys put are remembered by a 28-bit
 * number read from their first hex digits: two keys that share it only
 * cost a lookup, never a wrong miss.
 */
export class OwnCompletionKeys {
  private state: 'unchecked' | 'tracking' | 'off' = 'unchecked';
  private dataVersion = 0;
  private checkedThisTurn = false;
  private commitsSeen = 0;
  private readonly put = new Set<number>();
  private readonly readDataVersion: () => number;
  private readonly anyCompletion: () => unknown;

  constructor(sqlite: BetterSqlite3.Database) {
    const dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
    const anyCompletion = sqlite.prepare<[], number>('select 1 from completions limit 1').pluck();
    this.readDataVersion = () => dataVersion.get() as number;
    this.anyCompletion = () => anyCompletion.get();
  }

  /** False only when the table surely lacks `key`; true means "look it up". */
  mayHold(key: string): boolean {
    if (this.state === 'off') return true;
    if (this.state === 'unchecked') {
      // The version first: a commit between the two reads then shows as a changed version later.
      this.dataVersion = this.readDataVersion();
      this.state = this.anyCompletion() === undefined ? 'tracking' : 'off';
      this.markChecked();
      if (this.state === 'off') return true;
    } else if (!this.checkedThisTurn || commitsInProcess !== this.commitsSeen) {
      if (this.readDataVersion() !== this.dataVersion) {
        this.state = 'off';
        this.put.clear();
        return true;
      }
      this.markChecked();
    }
    return this.put.has(bucketOf(key));
  }

  /** Notes a key this connection is writing (before its commit: a key noted early only costs a lookup). */
  noteWritten(key: string): void {
    if (this.state !== 'off') this.put.add(bucketOf(key));
  }

  private markChecked(): void {
    this.commitsSeen = commitsInProcess;
    if (this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(() => (this.checkedThisTurn = false));
  }
}

/** Cache-entry commits by every SQLite store of this process (another store's commit changes the file under this one). */
let commitsInProcess = 0;

/** Called after a store committed cache entries. */
export function noteCompletionCommit(): void {
  commitsInProcess++;
}

/** The key's first seven hex digits as a number (a small integer, cheap in a Set); any string maps to something. */
function bucketOf(key: string): number {
  return Number.parseInt(key.slice(0, 7), 16);
}
