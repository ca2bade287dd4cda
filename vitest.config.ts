import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/docs/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on two cores is one worker; most files spend much of their time waiting on
    // the processes they started (the app, PostgreSQL, Redis), which a second and third file use.
    maxWorkers: 3,
    // Every message catalogue, and the end of each file for the databases it kept.
    setupFiles: ['tests/support/vitest-setup.ts'],
  },
});
