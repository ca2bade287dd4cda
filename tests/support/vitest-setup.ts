import { afterAll, afterEach } from 'vitest';
import { runAfterFailedTest, runTestFileEnd } from './test-file-end';

// Every message catalogue, as on the server (app/entry.server.tsx).
import '~/i18n/messages/complete';

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await runAfterFailedTest();
});
afterAll(runTestFileEnd);
