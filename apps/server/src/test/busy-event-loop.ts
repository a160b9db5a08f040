/**
 * Keeps this thread busy for `ms`, as a burst of renders does: turns of `chunkMs` with only a moment
 * between them, so that every sample the overload shedding takes of the event loop's mean delay (one
 * a second) sees the lag; one long block among many quick turns would average out below its limit.
 * Longer than two samples, the last sample before the caller's next request lies wholly in the lag.
 */
export async function keepEventLoopBusy(ms = 2_500, chunkMs = 300): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const turnEnds = Math.min(until, Date.now() + chunkMs);
    while (Date.now() < turnEnds) {
      // spin
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
