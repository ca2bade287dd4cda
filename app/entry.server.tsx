import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { requestContext, servicesContext } from './context';
import { serverErrorReporter } from './platform/error-reporting/server';
import { isRefusedTextError } from './platform/refused-text';
import { isUnavailableError } from './platform/unavailable';
import { renderedDocumentResponse } from './rendered-document.server';
import { NonceProvider } from './ui/nonce';
// The server renders every page and writes every mail: all messages, from the start.
import './i18n/messages/complete';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContext);
  // Started with the first page, so that the breadcrumbs cover what led up to an error.
  sentryFor(loadContext);
  return renderDocument(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    nonce,
    { headers: responseHeaders, status: answerStatus(responseStatusCode, loadContext) },
    (error) => {
      loadContext.get(requestContext).logger.error({ err: error }, 'render error');
      reportToSentry(loadContext, request, error);
    },
  );
}

/**
 * The whole document is rendered before the first byte: pages are small, statuses stay exact, and
 * the server can cache a finished public page.
 */
function renderDocument(
  page: ReactElement,
  nonce: string,
  answer: ResponseInit & { headers: Headers },
  onRenderError: (error: unknown) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => startRendering(page, nonce, { answer, onRenderError, resolve, reject }));
}

/** What React's callbacks need of a page until its document is done. */
interface Rendering {
  answer: ResponseInit & { headers: Headers };
  onRenderError(error: unknown): void;
  resolve(document: Response): void;
  reject(error: unknown): void;
}

/**
 * React's request object, and with it the callbacks given here, outlives the answer: under Node 20
 * the web stream of the page's data that React Router reads during the render stays alive until the
 * garbage collector's next full collection, and a promise made in the render holds React's request.
 * So the callbacks reach the page (its answer, and through `onRenderError` the request and its
 * router context provider) only through `current`, let go once the document is done or has failed;
 * otherwise every page's state would outlive the young generation and pile up for the full
 * collections, whose pauses are the app's longest. A function of its own, so that no closure here
 * keeps a caller's variables.
 */
function startRendering(page: ReactElement, nonce: string, rendering: Rendering): void {
  let current: Rendering | undefined = rendering;
  const done = () => {
    const finished = current;
    current = undefined;
    clearTimeout(deadline);
    return finished;
  };
  // React reports a shell's error to onError too, before onShellError rejects the answer, which the
  // router then logs (handleError): only errors after the page is ready are logged here.
  let allReady = false;
  const { pipe, abort } = renderToPipeableStream(page, {
    nonce,
    onAllReady() {
      allReady = true;
      if (!current) return;
      const { headers, status } = current.answer;
      headers.set('Content-Type', 'text/html; charset=utf-8');
      // Everything is ready: the document is collected in memory and handed on as one buffer,
      // cheaper than a stream of React's chunks that the server would read back anyway.
      const chunks: Buffer[] = [];
      const document = new Writable({
        write(chunk: Buffer, _encoding, written) {
          chunks.push(chunk);
          written();
        },
        final(written) {
          const response = renderedDocumentResponse(Buffer.concat(chunks), { headers, status });
          done()?.resolve(response);
          written();
        },
        // Also after `final`, when there is nothing left to settle; before it, the document failed
        // (React gave up on it, or `final` threw).
        destroy(error, destroyed) {
          done()?.reject(error ?? new Error('the document was closed before it was complete'));
          destroyed(error);
        },
      });
      pipe(document);
    },
    onShellError(error: unknown) {
      done()?.reject(error);
    },
    onError(error: unknown) {
      if (allReady) current?.onRenderError(error);
    },
  });
  // React calls back only after this function returned. A pending timer would keep React's request
  // alive until it fires.
  const deadline = setTimeout(abort, streamTimeout + 1000);
}

/**
 * Requests during which an outside system was found down. `handleError` sees the original error before
 * the document renders; by then React Router has replaced it with a sanitised one in production.
 */
const unavailableDuring = new WeakSet<RouterContextProvider>();
/** Requests whose text the database refused (platform/refused-text.ts). */
const refusedTextDuring = new WeakSet<RouterContextProvider>();

/**
 * A data request (`.data`, a page's data for the browser's router) answers as its page would:
 * `answerStatus`'s status, with React Router's own body.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const status = answerStatus(response.status, context as RouterContextProvider);
  return status === response.status ? response : new Response(response.body, { status, headers: response.headers });
};

/**
 * An outside system being down is a 503 (retry later), not a 500 (our bug); text the database
 * refuses is the request's fault, a 400.
 */
function answerStatus(status: number, provider: RouterContextProvider): number {
  if (status < 500) return status;
  if (unavailableDuring.has(provider)) return 503;
  return refusedTextDuring.has(provider) ? 400 : status;
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const provider = context as RouterContextProvider;
  const scope = provider.get(requestContext);
  if (isUnavailableError(error)) {
    unavailableDuring.add(provider);
    scope.logger.warn({ err: error }, 'outside system unavailable');
  } else if (isRefusedTextError(error)) {
    refusedTextDuring.add(provider);
    scope.logger.info({ err: error }, 'text the database cannot store');
  } else if (isFromAnotherOrigin(request)) {
    // A form posted from another site, or a proxy that rewrites Host without TRUST_PROXY: not a fault
    // of the app, and a warning, as it means something to an operator when it happens to every form.
    scope.logger.warn({ origin: request.headers.get('origin') }, 'form from another origin refused');
  } else if (isRouteErrorResponse(error) && error.status < 500) {
    // The router's refusal of a request that fits no route's work (a form posted to a page without one:
    // 405), or a resource route's own 4xx: the sender's fault, unless a form of ours posts there, so it
    // stays in the log beside the request's line; as an error anyone could fill the error log and
    // Sentry's quota. Its data is not logged: a route's own answer may carry a customer's.
    scope.logger.info({ status: error.status, statusText: error.statusText }, 'request refused by the router');
  } else {
    scope.logger.error({ err: error }, 'unhandled error');
    reportToSentry(provider, request, error);
  }
};

/**
 * React Router refuses an action whose Origin header names another origin than the request's (400)
 * before the app sees it, and reports that as an error: in its own words for a page's form, as a
 * bare "Bad Request" for a data request. A request from another origin reaches no action of the app.
 */
function isFromAnotherOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  return request.method !== 'GET' && origin !== null && origin !== new URL(request.url).origin;
}

/**
 * With `SENTRY_DSN`, our own errors also go to Sentry (an outside system being down does not: that
 * is an operations matter, logged as a warning). The path only: a query may carry tokens.
 */
function reportToSentry(provider: RouterContextProvider, request: Request, error: unknown) {
  sentryFor(provider)?.capture(error, {
    requestId: provider.get(requestContext).requestId,
    path: new URL(request.url).pathname,
  });
}

/** The Sentry reporter, or null without a DSN; the SDK is loaded once, with the first page served. */
function sentryFor(provider: Readonly<RouterContextProvider>) {
  const { config, buildId, logger } = provider.get(servicesContext);
  return serverErrorReporter(config.env.SENTRY_DSN, buildId, (failure) =>
    logger.warn({ err: failure }, 'Sentry SDK could not be loaded; errors are only logged'),
  );
}
