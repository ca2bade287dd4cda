import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './json';

/**
 * What an orchestrator or load balancer asks an instance:
 * - `/livez`: the process serves. 200 whenever it answers at all, also while it starts, stops or
 *   cannot reach the database: restarting it would fix none of these.
 * - `/readyz`: send it traffic. 200 once migrations are done and the database answers, 503 while it
 *   starts, while it stops and while the database is down.
 * - `/health`: the load balancer check from before the two (README): the database answers.
 */
export function livez(res: ServerResponse): void {
  json(res, 200, { status: 'ok' });
}

/**
 * Whether the database answers, asked at most once a second however often the probes come: anyone
 * can request /readyz and /health, and each would otherwise take a pool connection for a query while
 * the requests that matter wait. Probes that come while the query runs share it.
 */
export function sharedDatabaseCheck(
  ping: () => Promise<boolean>,
  { maxAgeMs = 1_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<boolean> {
  let last: { at: number; up: boolean } | undefined;
  let asking: Promise<boolean> | undefined;
  return () => {
    if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.up);
    asking ??= ping()
      .catch(() => false)
      .then((up) => {
        last = { at: now(), up };
        asking = undefined;
        return up;
      });
    return asking;
  };
}

export async function readyz(
  res: ServerResponse,
  databaseAnswers: () => Promise<boolean>,
  stopping: boolean,
): Promise<void> {
  if (stopping) return json(res, 503, { status: 'stopping' });
  const databaseUp = await databaseAnswers();
  json(res, databaseUp ? 200 : 503, {
    status: databaseUp ? 'ready' : 'unavailable',
    database: databaseUp ? 'up' : 'down',
  });
}

export async function health(
  res: ServerResponse,
  databaseAnswers: () => Promise<boolean>,
  build: string,
): Promise<void> {
  const databaseUp = await databaseAnswers();
  json(res, databaseUp ? 200 : 503, {
    status: databaseUp ? 'ok' : 'unavailable',
    build,
    database: databaseUp ? 'up' : 'down',
  });
}

/**
 * Before the services are ready (database opened and migrated, content loaded): the process lives,
 * and everything else waits for it.
 */
export function answerWhileStarting(
  req: IncomingMessage,
  res: ServerResponse,
  build: string,
  headers: [string, string][],
): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/livez') return livez(res);
  if (path === '/readyz') return json(res, 503, { status: 'starting' });
  if (path === '/health') return json(res, 503, { status: 'starting', build });
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' }).end('Service Unavailable');
}
