import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 `.cpuprofile` this summary reads. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one function, as a share of the sampled time. */
export interface HotSpot {
  /** `name (file:line)`, the file relative to the project, or to node_modules. */
  where: string;
  selfMs: number;
  share: number;
}

/** Sampled self time per function, largest first; `(idle)` is left out of the shares. */
export function summarizeCpuProfile(file: string, root: string, top = 15): { busyMs: number; idleMs: number; hotSpots: HotSpot[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
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
    busyMs += ms;
    const key = `${frame.functionName || '(anonymous)'}${frame.url === '' ? '' : ` (${shortUrl(frame.url, root)}:${frame.lineNumber + 1})`}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
  });
  const hotSpots = [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, ms]) => ({ where, selfMs: ms, share: busyMs === 0 ? 0 : ms / busyMs }));
  return { busyMs, idleMs, hotSpots };
}

function shortUrl(url: string, root: string): string {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules);
  return path.startsWith(root) ? relative(root, path) : path;
}
