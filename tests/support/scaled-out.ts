import { randomBytes } from 'node:crypto';
import type { AppServer } from './app-server';

/**
 * The environment every instance of one scaled-out deployment shares (docs/operations.md): one
 * database, one Redis, the same secrets; the demo customer is seeded for logging in.
 */
export function scaledOutEnv({
  databaseUrl,
  redisUrl,
  redisKeyPrefix = '',
}: {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix?: string;
}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PREVIEW_SECRET: randomBytes(32).toString('base64url'),
    DEMO_SEED: '1',
  };
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The JSON log lines an instance wrote so far (its start-up banner and other text left out). */
export function logLines(server: AppServer): LogLine[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
