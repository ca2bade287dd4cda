// Scratch space on shared servers, for tests (TypeScript, through scratch-services.d.mts) and
// benchmarks (JavaScript) alike: a database of its own on a PostgreSQL server, dropped afterwards,
// and the cleanup of a Redis key prefix.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>`: empty, or a
 * copy of the database `template` names.
 */
export async function createScratchDatabase(serverUrl, prefix, { template } = {}) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Deletes every key under `prefix` (SCAN, so a shared server is never blocked). */
export async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
