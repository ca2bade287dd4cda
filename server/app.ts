import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import { requestContext, servicesContext, type AppServices } from '~/context';
import { loadConfig, type AppConfig } from '~/config/env.server';
import { uploadLimits } from '~/config/uploads';
import { fleetTrips } from '~/config/fleet';
import { addressGroup } from '~/shared/security/address-group.server';
import type { Brand } from '~/config/brand';
import { acceptsFiles, assertKnownMiddleware, findPage, isPageOf } from '~/i18n/route-table';
import { keepUrlEncodedForm, readUpload } from '~/shared/security/submitted-form.server';
import { pageCacheKey } from '~/shared/consent/consent-cookie';
import { sessionCookieName } from '~/platform/cookies';
import { createLogger } from '~/platform/logger.server';
import { renderedDocument } from '~/rendered-document.server';
import { createServices } from '~/services.server';
import { clientIp } from './client-ip';
import { incomingRequestId } from './request-id';
import { requestUrl } from './request-url';
import { startMetricsServer } from './metrics-server';
import { createNonceSource } from './nonce';
import { createRouteBranches } from './route-branches';
import { createBodyBudget, maxRequestBodyBytes, readBody, refuseBody } from './request-body';
import {
  createDiscoveryBudget,
  discoveredPaths,
  discoversAhead,
  maxDiscoveredPaths,
  maxPathSegments,
  pathSegments,
} from './routing-limits';
import { sharedCaching, type SharedCaching } from './shared-caches';
import { createUploadGate, isCrossSiteUpload } from './upload-gate';
import { createRouteLabeler } from './route-label';
import { PageCache, renderCachedPage, sharedTtlSeconds, splitAtNonce, type CachedPage } from './page-cache';
import { commonSecurityHeaders, contentSecurityPolicy, thirdPartyConnectOrigins } from './security-headers';
import { json } from './json';
import { answerWhileStarting, health, livez, readyz, sharedDatabaseCheck } from './probes';
import { encodedBody, isCompressible, loadStaticFiles, negotiateEncoding, type StaticFile } from './static-files';

const serverBuild: ServerBuild = build;

// Operator commands run from the same build (scripts/outbox-retry.mjs, scripts/backoffice-create-admin.mjs).
export { retryFailedMails } from './outbox-retry';
export { createAdminFromEnvironment } from './create-admin';

/**
 * Whether a POST goes to a page that may receive files (its route-table entry says `acceptsFiles`),
 * with or without the `.data` suffix of React Router's own requests: its body may reach
 * `uploadLimits.requestBytes` and is streamed to the app, which reads it part by part within its
 * limits (docs/decisions/0032-vehicle-damage-reports-and-photos.md).
 */
export function isUploadPath(pathname: string, brand: Brand): boolean {
  const page = findPage(pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname);
  return page ? acceptsFiles(page.id) && isPageOf(page.id, brand) : false;
}
const buildId = serverBuild.assets.version;

export interface RunningApp {
  server: Server;
  services: AppServices;
  url: string;
  /** Stops taking requests, lets the ones in flight finish, then closes the database. */
  shutdown(): Promise<void>;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `npm run dev` (scripts/dev.mjs): Vite's middleware serves the client modules and hot updates, and
 * the React Router build is loaded from Vite per request, so that an edited module answers the next
 * request. Without it, the server serves the production build it was bundled with.
 */
export interface DevelopmentServer {
  loadBuild(): Promise<ServerBuild>;
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

/**
 * Start-up: configuration, route table check, HTTP server, services (migrations, seed, content).
 * The port opens first, so that a liveness probe gets its answer while migrations run; until the
 * services are ready, every other request is answered 503 (server/probes.ts).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  development?: DevelopmentServer,
): Promise<RunningApp> {
  const config = loadConfig(env);
  const logger = createLogger(config.env.LOG_LEVEL);
  assertKnownMiddleware();
  const commonHeaders = Object.entries(commonSecurityHeaders(config.publicUrl.startsWith('https:')));
  let handle: NodeHandler = (req, res) => answerWhileStarting(req, res, buildId, commonHeaders);
  const server = createServer(
    {
      keepAliveTimeout: 65_000,
      // Headers arrive within a few round trips; a client sending them a byte at a time holds its
      // connection no longer than this. Bodies have their own limits (server/request-body.ts, uploads'
      // receiveTimeoutMs); this one only ends what slipped past them.
      headersTimeout: 20_000,
      requestTimeout: uploadLimits.receiveTimeoutMs + 10_000,
    },
    (req, res) => handle(req, res),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  let services: AppServices | undefined;
  let metricsServer: Server | null;
  try {
    services = await createServices(config, buildId, logger);
    metricsServer =
      config.env.METRICS_PORT === undefined
        ? null
        : await startMetricsServer(services.metrics.registry, config.env.METRICS_PORT, config.host);
  } catch (error) {
    // A start that fails leaves nothing running: no worker, no database handle, no open port, no
    // connection. A connection with a request under way when the server closes is kept open (for
    // 65 s after each answer): a load balancer probing on it keeps it, and the process, alive for good.
    await services?.close();
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
    throw error;
  }
  const listener = createListener(config, services, development);
  handle = development
    ? (req, res) => development.middleware(req, res, () => listener.handle(req, res))
    : listener.handle;

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  logger.info({ url, brand: config.brand, database: services.database.kind, build: buildId }, 'listening');

  let closing: Promise<void> | undefined;
  const shutdown = () =>
    (closing ??= (async () => {
      logger.info('shutting down: finishing requests in flight');
      listener.drain();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      // The workers' last round and the database's connections end on their own within this, unless
      // the database stopped answering; then the process ends without them rather than never.
      const closed = await Promise.race([
        services.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(resolve, 10_000, false).unref()),
      ]);
      if (!closed) {
        logger.error('stopped without closing the database: it did not answer within 10 s');
        throw new Error('the database did not close within 10 s');
      }
      logger.info('stopped');
    })());

  return { server, services, url, shutdown };
}

interface Listener {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Shutting down: every answer from now on closes its keep-alive connection, the answers of the
   * requests in flight included, so that the server closes as soon as they are done.
   */
  drain(): void;
}

function createListener(config: AppConfig, services: AppServices, development?: DevelopmentServer): Listener {
  const https = config.publicUrl.startsWith('https:');
  // In development Vite serves the client modules, and a cached page would hide an edit.
  const staticFiles = development ? new Map<string, StaticFile>() : loadStaticFiles(path.resolve('build/client'));
  const pageCache = config.env.PAGE_CACHE === 'on' && !development ? new PageCache(1000) : undefined;
  const developmentHandler = development && createRequestHandler(() => development.loadBuild(), 'development');
  const branches = createRouteBranches(serverBuild);
  const handlerFor = (pathname: string) => developmentHandler ?? branches.handlerFor(pathname);
  const { logger } = services;
  // Everything fixed per process is prepared once: the security headers, the CSP around its nonce.
  const common = Object.entries(commonSecurityHeaders(https));
  const csp = contentSecurityPolicy(https, thirdPartyConnectOrigins(config), { development: Boolean(development) });
  const nextNonce = createNonceSource();
  const trustedProxies = config.env.TRUST_PROXY;
  const contentTtlSeconds = config.env.CONTENT_TTL_SECONDS;
  const publicOrigin = new URL(config.publicUrl);
  const uploads = createUploadGate(uploadLimits);
  const bodiesArriving = createBodyBudget();
  const discoveries = createDiscoveryBudget();
  const databaseAnswers = sharedDatabaseCheck(services.database.ping);
  const routeLabel = createRouteLabeler(branches.leafOf, (pathname) => staticFiles.has(pathname));

  /** The path React Router answered a request by, once `route` has parsed it (`.` segments resolved, …). */
  const routedPaths = new WeakMap<ServerResponse, string>();

  function logRequest(req: IncomingMessage, res: ServerResponse, requestId: string, started: number) {
    const ms = performance.now() - started;
    const pathname = pathOf(req.url);
    const { method } = req;
    const status = res.statusCode;
    // The path only: a query string may carry tokens, which never belong in logs.
    logger.info({ reqId: requestId, method, path: pathname, status, ms: Math.round(ms) }, 'request');
    const label = routeLabel(routedPaths.get(res) ?? pathname);
    services.metrics.observeRequest(label, method ?? 'GET', status, ms / 1000);
  }

  let draining = false;
  // Rendered answers take a while; cached ones are written at once and are never in flight.
  const inFlight = new Set<ServerResponse>();
  const listener: Listener = {
    drain() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    handle(req, res) {
      const started = performance.now();
      const requestId = incomingRequestId(req, trustedProxies) ?? randomUUID();
      if (pageCache && serveCachedPage(pageCache, req, res, requestId)) {
        logRequest(req, res, requestId, started);
        return;
      }
      res.setHeader('X-Request-Id', requestId);
      for (const [name, value] of common) res.setHeader(name, value);
      if (draining) res.setHeader('Connection', 'close');
      inFlight.add(res);
      res.on('close', () => inFlight.delete(res));
      res.on('finish', () => logRequest(req, res, requestId, started));
      route(req, res, requestId).catch((error: unknown) => {
        logger.error({ err: error, reqId: requestId }, 'request failed');
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Internal Server Error');
        } else res.destroy();
      });
    },
  };

  /**
   * The hot path: a stored anonymous page, answered synchronously with a fresh nonce and a single
   * `writeHead` from the page's prepared header list. False when the request may not or cannot be
   * answered from the cache. `/health`, `/builds/latest.json` and client files are never stored,
   * so looking here before them changes no answer.
   */
  function serveCachedPage(cache: PageCache, req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url.includes('?') || hasSessionCookie(req.headers.cookie)) return false;
    // One copy per consent state: only a visitor who has not chosen gets the dialog.
    const page = cache.get(pageCacheKey(url, req.headers.cookie));
    if (!page) return false;

    const nonce = nextNonce();
    let body = renderCachedPage(page, nonce);
    const headers = page.headers.slice();
    headers.push('X-Request-Id', requestId, 'Content-Security-Policy', csp(nonce));
    const encoding = body.length >= 1024 ? negotiateEncoding(String(req.headers['accept-encoding'] ?? '')) : undefined;
    if (encoding) {
      body = compress(body, encoding);
      headers.push('Content-Encoding', encoding, 'Vary', appendVary(page.vary, 'Accept-Encoding'));
    } else if (page.vary) {
      headers.push('Vary', page.vary);
    }
    if (draining) headers.push('Connection', 'close');
    headers.push('Content-Length', String(body.length));
    res.writeHead(page.status, headers).end(method === 'HEAD' ? undefined : body);
    return true;
  }

  /**
   * What a hit sends besides its nonce, request id and body, in `writeHead`'s flat form: the answer's
   * headers as the rendered answer left, with what shared caches were told.
   */
  function storedHeaders(response: Response, sharing: SharedCaching | undefined): Pick<CachedPage, 'headers' | 'vary'> {
    const headers = ['Content-Type', 'text/html; charset=utf-8', 'X-Page-Cache', 'HIT'];
    for (const [name, value] of common) headers.push(name, value);
    let vary: string | undefined;
    response.headers.forEach((value, name) => {
      if (name === 'vary') vary = value;
      else if (name === 'cache-control') headers.push(name, sharing?.cacheControl ?? value);
      // The body's own headers are set per answer, from the body actually sent.
      else if (name !== 'content-length' && name !== 'content-type' && name !== 'content-encoding') {
        headers.push(name, value);
      }
    });
    return { headers, vary: sharing ? appendVary(vary, sharing.vary) : vary };
  }

  async function route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const rawUrl = req.url ?? '/';
    const pathname = pathOf(rawUrl);
    const method = req.method ?? 'GET';
    const isRead = method === 'GET' || method === 'HEAD';

    if (isRead && pathname === '/livez') return livez(res);
    if (isRead && pathname === '/readyz') return readyz(res, databaseAnswers, draining);
    if (isRead && pathname === '/health') return health(res, databaseAnswers, buildId);
    if (isRead && pathname === '/builds/latest.json') return json(res, 200, { id: buildId });

    const file = isRead ? staticFiles.get(pathname) : undefined;
    if (file) {
      res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      res.setHeader('ETag', file.etag);
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304).end();
        return;
      }
      const { body, encoding } = encodedBody(file, String(req.headers['accept-encoding'] ?? ''));
      res.setHeader('Content-Type', file.type);
      res.setHeader('Vary', 'Accept-Encoding');
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.writeHead(200).end(method === 'HEAD' ? undefined : body);
      return;
    }

    const url = requestUrl(req, publicOrigin);
    if (!url) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Bad Request');
      return;
    }
    // A body sent with either stays unread: the connection closes after the answer.
    const refusedHeaders = { 'Content-Type': 'text/plain; charset=utf-8', ...(isRead ? {} : { Connection: 'close' }) };
    if (pathSegments(url.pathname) > maxPathSegments) {
      res.writeHead(404, refusedHeaders).end('Not Found');
      return;
    }
    if (url.pathname === branches.manifestPath) {
      const paths = discoveredPaths(url);
      if (paths > maxDiscoveredPaths) {
        // As React Router answers a discovery URL beyond its length limit. The browser asks for a page's
        // links all at once only ahead of time; a link followed asks for its own path and its parents.
        res.writeHead(400, refusedHeaders).end('Bad Request');
        return;
      }
      if (discoversAhead(paths) && !discoveries.take(addressGroup(clientIp(req, trustedProxies)), paths)) {
        // React Router's answer to a discovery for another build: ahead of time the browser then
        // discovers nothing (a warning in its console), and asks again for a link once it is followed.
        services.metrics.rateLimitRefused('route-discovery');
        res.writeHead(204, { 'X-Remix-Reload-Document': 'true', 'Cache-Control': 'no-store' }).end();
        return;
      }
    }
    const upload =
      !isRead &&
      isUploadPath(pathname, services.config.brand) &&
      /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
    // The fleet system's trips come in batches larger than any form (docs/rules/rides-and-charges.md#trips-in).
    const fleet = req.method === 'POST' && url.pathname === fleetTrips.path;
    const bodyLimit = upload ? uploadLimits.requestBytes : fleet ? fleetTrips.maxBodyBytes : maxRequestBodyBytes;
    if (!isRead && Number(req.headers['content-length'] ?? 0) > bodyLimit) {
      refuseBody(res, 413);
      return;
    }
    if (upload) {
      // Before a byte of the body is read: no upload from another site's page, none beyond what the
      // instance can hold at once, none that takes longer than its time to arrive.
      if (isCrossSiteUpload(req.headers, [publicOrigin.origin, url.origin])) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Forbidden');
        return;
      }
      const release = uploads.admit(addressGroup(clientIp(req, trustedProxies)));
      if (!release) {
        res
          .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '10', Connection: 'close' })
          .end('Service Unavailable');
        return;
      }
      const cutOff = setTimeout(() => req.destroy(), uploadLimits.receiveTimeoutMs);
      res.on('close', () => {
        clearTimeout(cutOff);
        release();
      });
      req.on('end', () => clearTimeout(cutOff));
    }

    const nonce = nextNonce();
    const hasSession = hasSessionCookie(req.headers.cookie);
    const cacheKey =
      pageCache && isRead && !rawUrl.includes('?') && !hasSession && isStoredSpelling(pathname, url)
        ? pageCacheKey(pathname, req.headers.cookie)
        : undefined;

    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    let requestLogger: typeof logger | undefined;
    context.set(requestContext, {
      requestId,
      nonce,
      // Made when a line is logged: most requests log only the access line, which is written here.
      get logger() {
        return (requestLogger ??= logger.child({ reqId: requestId }));
      },
      clientIp: clientIp(req, trustedProxies),
    });
    let requestBody: Buffer<ArrayBuffer> | FormData | undefined;
    if (upload) {
      // Read part by part within the upload limits; the app gets the text fields, the files sit in
      // the router context. A refused body is answered by the app, and the connection then closes.
      requestBody =
        (await readUpload(streamedBody(req, bodyLimit), req.headers['content-type'] ?? null, context)) ?? undefined;
      if (!requestBody) res.shouldKeepAlive = false;
    } else if (!isRead) {
      const read = await readBody(
        req,
        bodiesArriving,
        addressGroup(clientIp(req, trustedProxies)),
        undefined,
        bodyLimit,
      );
      if ('refused' in read) {
        refuseBody(res, read.refused);
        return;
      }
      requestBody = read.body;
      keepUrlEncodedForm(requestBody, req.headersDistinct['content-type'], context);
    }
    // The branch of the path React Router will see: the parsed URL's, with `.` segments and
    // backslashes resolved as the router resolves them, never the target as sent.
    routedPaths.set(res, url.pathname);
    const response = await handlerFor(url.pathname)(toFetchRequest(req, url, requestBody, controller.signal), context);

    const contentType = response.headers.get('content-type') ?? '';
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
    // Pages and their data carry what the root adds for the visitor; other answers (the route
    // discovery's, the sitemap, robots.txt) are the same for everyone and keep what they said.
    const sharing =
      contentType.startsWith('text/html') || contentType.startsWith('text/x-script')
        ? sharedCaching(
            response.headers.get('cache-control'),
            { cookies: req.headers.cookie, hasSession },
            cookies.length > 0,
          )
        : undefined;
    if (sharing) {
      res.setHeader('Cache-Control', sharing.cacheControl);
      res.setHeader('Vary', appendVary(res.getHeader('Vary'), sharing.vary));
    }

    const rendered = renderedDocument(response);
    if (!response.body && !rendered) {
      res.writeHead(response.status).end();
      return;
    }
    if (contentType.startsWith('text/html')) {
      const html = rendered ?? Buffer.from(await response.arrayBuffer());
      // Pages opt in with s-maxage; they live no longer than the content they show (CONTENT_TTL_SECONDS).
      const ttl = cacheKey ? Math.min(sharedTtlSeconds(response.status, response.headers), contentTtlSeconds) : 0;
      if (cacheKey && ttl > 0) {
        pageCache?.set(
          cacheKey,
          { status: response.status, ...storedHeaders(response, sharing), ...splitAtNonce(html.toString(), nonce) },
          ttl,
        );
      }
      writeDocument(req, res, response.status, html, nonce, cacheKey ? 'MISS' : undefined);
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    writeBody(req, res, response.status, body, contentType);
  }

  function writeDocument(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    html: Buffer,
    nonce: string,
    cacheState: 'MISS' | undefined,
  ) {
    res.setHeader('Content-Security-Policy', csp(nonce));
    if (cacheState) res.setHeader('X-Page-Cache', cacheState);
    writeBody(req, res, status, html, 'text/html; charset=utf-8');
  }

  function writeBody(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, contentType: string) {
    const encoding =
      body.length >= 1024 && isCompressible(contentType)
        ? negotiateEncoding(String(req.headers['accept-encoding'] ?? ''))
        : undefined;
    const encoded = encoding ? compress(body, encoding) : body;
    if (encoding) {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', appendVary(res.getHeader('Vary'), 'Accept-Encoding'));
    }
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', encoded.length);
    res.writeHead(status).end(req.method === 'HEAD' ? undefined : encoded);
  }

  return listener;
}

/** Answers made per request are compressed fast rather than small. */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body, { level: 6 });
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query < 0 ? raw : raw.slice(0, query);
}

/**
 * A page is stored under one spelling of its path: as sent, already resolved, in lower case, without
 * escapes and without a trailing slash, as every link of the app writes it. Other spellings render
 * the same page without filling the cache, so that nobody pushes the pages visitors ask for out of it
 * by asking for endless spellings of one page.
 */
function isStoredSpelling(rawPath: string, url: URL): boolean {
  return rawPath === url.pathname && !/[%A-Z]/.test(rawPath) && (rawPath === '/' || !rawPath.endsWith('/'));
}

/** Under either name the session cookie goes by (`sid`, `__Host-sid` under HTTPS). */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(`${sessionCookieName}=`);
}

function appendVary(existing: unknown, value: string): string {
  const current = typeof existing === 'string' && existing ? existing.split(/\s*,\s*/) : [];
  return current.includes(value) ? current.join(', ') : [...current, value].join(', ');
}

/** The request as the app sees it, at the URL `requestUrl` gave. */
function toFetchRequest(
  req: IncomingMessage,
  url: URL,
  body: Buffer<ArrayBuffer> | FormData | undefined,
  signal: AbortSignal,
) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  if (body instanceof FormData) {
    // The upload's text fields in a body of their own: its type and length are the new body's.
    headers.delete('content-type');
    headers.delete('content-length');
  }
  // HEAD goes to the app as the GET it stands for: React Router would render the page and then drop
  // it with the headers the server adds to a document (CSP, length); the server sends no body anyway.
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return new Request(url, { method, headers, signal, ...(body ? { body } : {}) });
}

/**
 * The body of an upload, as a stream the app reads at its own pace (the socket pauses while the app
 * has not asked for more). It errors once more than `limit` bytes arrived; the rest stays unread and
 * the connection closes after the answer.
 */
function streamedBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let received = 0;
  let finished = false;
  const stop = () => {
    finished = true;
    req.pause();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on('data', (chunk: Buffer) => {
        if (finished) return;
        received += chunk.length;
        if (received > limit) {
          stop();
          controller.error(new Error('request body beyond its limit'));
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      req.on('error', (error) => {
        if (finished) return;
        stop();
        controller.error(error);
      });
    },
    pull() {
      if (!finished) req.resume();
    },
    cancel() {
      stop();
    },
  });
}
