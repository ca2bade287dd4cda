/**
 * What support modules want done when a test file ends (close a database they kept for the file,
 * say) or a test in it failed (give that database up, so that what the failed test left running
 * cannot reach the next test). Vitest's setup file runs these in an `afterAll` and an `afterEach`
 * of every file; this module stays free of Vitest, so that the end-to-end tests can import the
 * modules that register here.
 */
const atFileEnd: (() => Promise<void>)[] = [];
const afterFailure: (() => Promise<void>)[] = [];

export function onTestFileEnd(task: () => Promise<void>): void {
  atFileEnd.push(task);
}

export function onTestFailed(task: () => Promise<void>): void {
  afterFailure.push(task);
}

export async function runTestFileEnd(): Promise<void> {
  await settleAll(atFileEnd.splice(0));
}

export async function runAfterFailedTest(): Promise<void> {
  await settleAll(afterFailure.splice(0));
}

async function settleAll(tasks: (() => Promise<void>)[]): Promise<void> {
  const outcomes = await Promise.allSettled(tasks.map((task) => task()));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}
