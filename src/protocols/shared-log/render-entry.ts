import type { LogEntry } from '../../spec/log-entry.js';

/** How an entry reads in a prompt: its number, type, author and content. */
export function renderEntry(entry: LogEntry): string {
  return `#${entry.seq} ${entry.type} (${entry.agent}): ${entry.content}`;
}
