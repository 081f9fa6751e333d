import type { UnitQueue } from './unit-queue.js';

/** What the queue holds now, for `quorum study status --queue`. */
export interface QueueStatus {
  waiting: number;
  /** Units being executed (including units of a killed worker, until they are re-queued). */
  active: number;
  /** Units waiting to be retried after a failed attempt. */
  delayed: number;
  /** Jobs that failed for good (their units stay pending in the store). */
  failed: number;
  /** Workers connected to the queue now. */
  workers: number;
  /** Why the most recent failed jobs failed, most recent first (at most 3, deduplicated). */
  failures: string[];
}

/** Reads the queue's counts, connected workers and recent failure reasons. */
export async function queueStatus(queue: UnitQueue): Promise<QueueStatus> {
  const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
  const recent = await queue.getFailed(0, 9);
  const failures = [...new Set(recent.map((job) => job?.failedReason).filter((reason): reason is string => typeof reason === 'string' && reason !== ''))].slice(0, 3);
  return {
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    workers: await queue.getWorkersCount(),
    failures,
  };
}

/** One line (plus failure reasons) for people. */
export function formatQueueStatus(display: string, status: QueueStatus): string {
  const lines = [
    `queue ${display}: ${status.waiting} waiting, ${status.active} running, ${status.delayed} to retry, ${status.failed} failed; ${status.workers} worker${status.workers === 1 ? '' : 's'} connected`,
    ...status.failures.map((reason) => `  failed: ${reason}`),
  ];
  if (status.failed > 0) lines.push('  fix the cause, then run `quorum study run <study.yaml> --queue … --store …` again: it re-queues failed units');
  return lines.join('\n');
}
