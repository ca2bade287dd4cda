import { afterAll } from 'vitest';
import { runTestFileEnd } from './test-file-end';

// Every message catalogue, as on the server (app/entry.server.tsx).
import '~/i18n/messages/complete';

afterAll(runTestFileEnd);
