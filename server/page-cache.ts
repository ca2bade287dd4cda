/**
 * Rendered anonymous public pages, kept per path (the process already fixes brand and build).
 * A page is stored only when the route marked it `Cache-Control: public`, the answer set no cookie
 * and the request carried no session and no query. The CSP nonce is cut out when storing and a
 * fresh one is put in for every response, so no two responses share a nonce.
 */
export interface CachedPage {
  status: number;
  /**
   * The answer's fixed response headers, flat (`[name, value, name, value, …]`) as `writeHead` takes
   * them, prepared once when the page is stored.
   */
  headers: string[];
  /** The route's own `Vary`, kept apart because a compressed answer adds `Accept-Encoding` to it. */
  vary: string | undefined;
  /** The HTML, encoded, split at every occurrence of the nonce it was rendered with. */
  segments: Buffer[];
  /** Bytes of all segments together. */
  segmentBytes: number;
  expiresAt: number;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: Omit<CachedPage, 'expiresAt'>, ttlSeconds: number): void {
    if (ttlSeconds <= 0) return;
    if (this.pages.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, { ...page, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  get size(): number {
    return this.pages.size;
  }
}

/** Seconds a response may be shared for, or 0 when it must not be cached at all. */
export function sharedTtlSeconds(status: number, headers: Headers): number {
  if (status !== 200 || headers.has('set-cookie')) return 0;
  if (!headers.get('content-type')?.startsWith('text/html')) return 0;
  const cacheControl = headers.get('cache-control') ?? '';
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return 0;
  const sMaxAge = /s-maxage=(\d+)/.exec(cacheControl);
  return sMaxAge ? Number(sMaxAge[1]) : 0;
}

/** The page's HTML cut at the nonce it was rendered with, ready for `renderCachedPage`. */
export function splitAtNonce(html: string, nonce: string): Pick<CachedPage, 'segments' | 'segmentBytes'> {
  const segments = html.split(nonce).map((segment) => Buffer.from(segment));
  return { segments, segmentBytes: segments.reduce((sum, segment) => sum + segment.length, 0) };
}

/**
 * The stored HTML with `nonce` wherever the old one was, as one buffer: the nonce is encoded once and
 * copied between the encoded segments, so a hit neither joins a string nor encodes the whole page.
 */
export function renderCachedPage(page: Pick<CachedPage, 'segments' | 'segmentBytes'>, nonce: string): Buffer {
  const { segments } = page;
  const encodedNonce = Buffer.from(nonce);
  const body = Buffer.allocUnsafe(page.segmentBytes + encodedNonce.length * (segments.length - 1));
  let offset = segments[0]!.copy(body, 0);
  for (let i = 1; i < segments.length; i++) {
    offset += encodedNonce.copy(body, offset);
    offset += segments[i]!.copy(body, offset);
  }
  return body;
}
