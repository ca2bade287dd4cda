import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseHandle } from '~/db/client.server';
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

export async function readyz(res: ServerResponse, database: DatabaseHandle, stopping: boolean): Promise<void> {
  if (stopping) return json(res, 503, { status: 'stopping' });
  const databaseUp = await database.ping();
  json(res, databaseUp ? 200 : 503, {
    status: databaseUp ? 'ready' : 'unavailable',
    database: databaseUp ? 'up' : 'down',
  });
}

export async function health(res: ServerResponse, database: DatabaseHandle, build: string): Promise<void> {
  const databaseUp = await database.ping();
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
