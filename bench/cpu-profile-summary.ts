import { basename, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 CPU profile this summary reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** Sampled self time of one function or area. */
export interface SelfTime {
  name: string;
  selfMs: number;
  /** Share of the busy (non-idle) samples. */
  share: number;
}

/** Where a profiled thread spent its time. */
export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  /** Functions by self time, largest first. */
  functions: SelfTime[];
  /** The same time grouped by area (HTTP client, SQLite, GC, quorum folders…). */
  areas: SelfTime[];
}

/**
 * Sampled self time per function and per area of one profile. Function
 * positions are left out: under tsx they point into transpiled code.
 */
export function summarizeCpuProfile(profile: CpuProfile, root: string, top = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) return;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    const stack = ancestry(id, nodes, parents);
    // The inspector session that stops the profiler is measuring, not the measured.
    if (stack.some((callFrame) => callFrame.url === 'node:inspector' || callFrame.url === 'node:inspector/promises')) return;
    busyMs += ms;
    const file = shortPath(frame.url, root);
    const name = `${frame.functionName || '(anonymous)'}${file === '' ? '' : ` (${file})`}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const area = areaOf(frame.functionName, stack, root);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  });
  const ranked = (times: Map<string, number>): SelfTime[] =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, selfMs]) => ({ name, selfMs, share: busyMs === 0 ? 0 : selfMs / busyMs }));
  return { busyMs, idleMs, functions: ranked(byFunction), areas: ranked(byArea) };
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/** The frames from a sampled node up to the root. */
function ancestry(id: number, nodes: Map<number, CpuProfile['nodes'][number]>, parents: Map<number, number>): CallFrame[] {
  const frames: CallFrame[] = [];
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const node = nodes.get(current);
    if (node !== undefined) frames.push(node.callFrame);
  }
  return frames;
}

function shortPath(url: string, root: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules);
  if (path.startsWith(root)) return relative(root, path);
  // Never print a machine's own paths into the report.
  return isAbsolute(path) ? basename(path) : path;
}

/**
 * The area a sample belongs to. Native functions and WebAssembly (better-sqlite3's
 * `run`, socket `writev`, undici's HTTP parser) count for the nearest JavaScript
 * caller, so SQLite's own work lands in the store and HTTP parsing in the client.
 */
function areaOf(functionName: string, stack: readonly CallFrame[], root: string): string {
  if (functionName.startsWith('(')) return functionName.slice(1, -1);
  const caller = stack.find((frame) => frame.url !== '' && !frame.url.startsWith('wasm://'));
  if (caller === undefined) return `native: ${functionName}`;
  const file = shortPath(caller.url, root);
  if (file.startsWith('node:internal/deps/undici')) return 'HTTP client: undici (global fetch)';
  if (file.startsWith('node:internal/webstreams')) return 'HTTP client: web streams';
  if (file.startsWith('node_modules/openai/')) return 'openai SDK';
  if (file.startsWith('node_modules/better-sqlite3/') || file.startsWith('src/store/')) return 'SQLite store (src/store, better-sqlite3, SQLite)';
  if (file.startsWith('node_modules/')) {
    const parts = file.slice('node_modules/'.length).split('/');
    return `package: ${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (file.startsWith('src/')) return `quorum: ${file.split('/').slice(0, 2).join('/')}`;
  if (file.startsWith('node:')) return `node: ${file.slice('node:'.length).replace(/^internal\//, '').split('/')[0]}`;
  return file;
}
