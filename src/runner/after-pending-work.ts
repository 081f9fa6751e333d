/**
 * Resolves once the promise continuations queued now have run and the
 * event loop is about to leave the current task: a `process.nextTick`
 * callback queued here runs when the microtask queue is next empty, before
 * the `nextTick` callbacks queued after it and before any I/O or timer.
 * The runner stores a finished unit there: the next unit, started in the
 * same turn, has by then made its first requests, and node:http writes a
 * request on a kept-alive socket in a `nextTick` callback, so they are on
 * their sockets before the store's synchronous commit. Unlike
 * `setImmediate`, no I/O can run in between, so runs on scripted backends
 * keep the same order of work whatever the store's own I/O takes.
 */
export function afterPendingWork(): Promise<void> {
  return new Promise((resolve) => process.nextTick(resolve));
}
