/**
 * Runs `work` and answers no sooner than `ms` after the start, so that the work done for an
 * existing account and for an unknown email cannot be told apart by timing. The durations are in
 * app/config/answer-timing.ts.
 */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
