/**
 * What support modules want done when a test file ends (close a database they kept for the file,
 * say). Vitest's setup file runs these in an `afterAll` of every file; this module stays free of
 * Vitest, so that the end-to-end tests can import the modules that register here.
 */
const tasks: (() => Promise<void>)[] = [];

export function onTestFileEnd(task: () => Promise<void>): void {
  tasks.push(task);
}

export async function runTestFileEnd(): Promise<void> {
  const due = tasks.splice(0);
  const outcomes = await Promise.allSettled(due.map((task) => task()));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}
