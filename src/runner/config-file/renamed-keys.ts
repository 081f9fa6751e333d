import { where } from './config-file-error.js';

/**
 * A key renamed when run.yaml and study.yaml became one dialect: under every
 * mapping at `at` (`'*'` matches each item of a list), the key `from` is now
 * written at the path `to` inside the same mapping. The old spelling still
 * reads, with a note.
 */
export interface KeyRename {
  at: readonly string[];
  from: string;
  to: readonly string[];
}

/** One old key found in a file and moved to its new place. */
export interface RenamedKey {
  /** Path of the key as written. */
  from: Array<string | number>;
  /** Path of the key in the current dialect. */
  to: Array<string | number>;
  line?: number;
  column?: number;
}

type Mapping = Record<string, unknown>;

const isMapping = (value: unknown): value is Mapping => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Moves the old keys of `data` (plain data read from YAML, changed in
 * place) to their new paths. A file that writes both spellings of one key
 * is a conflict, left unmoved and returned so the caller reports it.
 */
export function renameKeys(data: unknown, renames: readonly KeyRename[]): { renamed: RenamedKey[]; conflicts: RenamedKey[] } {
  const renamed: RenamedKey[] = [];
  const conflicts: RenamedKey[] = [];
  for (const rename of renames) {
    for (const { mapping, path } of mappingsAt(data, rename.at, [])) {
      if (!(rename.from in mapping)) continue;
      const moved = { from: [...path, rename.from], to: [...path, ...rename.to] };
      let target: unknown = mapping;
      for (const segment of rename.to.slice(0, -1)) {
        if (!isMapping(target)) break;
        if (target[segment] === undefined || target[segment] === null) target[segment] = {};
        target = target[segment];
      }
      const last = rename.to.at(-1)!;
      // a non-mapping in the way (`decoding: 5`) is left for the schema to report
      if (!isMapping(target)) continue;
      if (last in target) {
        conflicts.push(moved);
        continue;
      }
      target[last] = mapping[rename.from];
      delete mapping[rename.from];
      renamed.push(moved);
    }
  }
  return { renamed, conflicts };
}

function mappingsAt(node: unknown, at: readonly string[], path: Array<string | number>): Array<{ mapping: Mapping; path: Array<string | number> }> {
  if (at.length === 0) return isMapping(node) ? [{ mapping: node, path }] : [];
  const [segment, ...rest] = at as [string, ...string[]];
  if (segment === '*') return Array.isArray(node) ? node.flatMap((item, index) => mappingsAt(item, rest, [...path, index])) : [];
  return isMapping(node) && segment in node ? mappingsAt(node[segment], rest, [...path, segment]) : [];
}

/** The path as written for a path of the current dialect: inside a moved key, the old key's path. */
export function writtenPath(path: ReadonlyArray<PropertyKey>, renamed: readonly RenamedKey[]): PropertyKey[] {
  for (const key of renamed) {
    if (key.to.length <= path.length && key.to.every((segment, index) => String(segment) === String(path[index]))) return [...key.from, ...path.slice(key.to.length)];
  }
  return [...path];
}

/** The note listing a file's renamed keys, one per line with its place. */
function renamedKeysNote(file: string, renamed: readonly RenamedKey[]): string {
  const lines = renamed.map((key) => `  ${where(file, key)}: ${key.from.join('.')} is now ${key.to.join('.')}`);
  return `note: ${file} uses old key names, read for now (docs/configuration.md, "Renamed keys"):\n${lines.join('\n')}\n`;
}

const noted = new Set<string>();

/**
 * Prints the note of a file's renamed keys once per file and process: a
 * worker or a study that reads one file many times says it once.
 */
export function noteRenamedKeys(file: string, renamed: readonly RenamedKey[], write: (text: string) => void = (text) => process.stderr.write(text)): void {
  if (renamed.length === 0 || noted.has(file)) return;
  noted.add(file);
  write(renamedKeysNote(file, renamed));
}
