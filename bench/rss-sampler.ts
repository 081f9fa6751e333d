/**
 * Samples the resident set size while a phase runs, for a peak per phase
 * (`process.resourceUsage().maxRSS` only gives the peak of the whole process).
 * Samples every `intervalMs`; a busy event loop samples less often, so the
 * figure is a lower bound of the true peak.
 */
export function sampleRss(intervalMs = 25): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** Peak resident set size of this process so far, in bytes. */
export function processPeakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}
