/**
 * A rendered page's bytes, handed from `entry.server.tsx` to the HTTP server (server/app.ts) beside
 * its `Response` rather than as its body. The entry renders the whole document into one buffer; as a
 * `Response` body it would become a web stream (one per page, with its controller, queue and
 * transfer hooks) that the server reads straight back into a buffer. The `Response` the entry makes
 * has no body; the server writes the bytes kept for that very object. Any other `Response` (one a
 * middleware made instead) is written as it is.
 */
// One map for the process: under `npm run dev` the entry's modules are loaded again when they change,
// while the HTTP server keeps the module it started with.
const processWide = globalThis as unknown as Record<symbol, WeakMap<Response, Buffer> | undefined>;
const documents = (processWide[Symbol.for('self-service.rendered-documents')] ??= new WeakMap());

/** The answer for a rendered page: status and headers, the bytes kept for the server. */
export function renderedDocumentResponse(html: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  documents.set(response, html);
  return response;
}

/** The page's bytes when `response` is the one the entry made for it. */
export function renderedDocument(response: Response): Buffer | undefined {
  return documents.get(response);
}
