import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  /** Hashed build assets never change under their name. */
  immutable: boolean;
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** The client build, held in memory: it is small, and serving from memory is the fastest way. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const body = readFileSync(full);
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
        files.set(urlPath, {
          body,
          type: types[path.extname(name)] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          immutable: urlPath.startsWith('/assets/'),
          compressed: {},
        });
      }
    }
  };
  try {
    walk(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return files;
}

/** The body in the best encoding the client accepts, compressed once and kept. */
export function encodedBody(file: StaticFile, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!compressible.test(file.type) || file.body.length < 1024) return { body: file.body };
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return { body: file.body };
  file.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(file.body, { level: 9 });
  return { body: file.compressed[encoding], encoding };
}

export function negotiateEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

export function isCompressible(contentType: string): boolean {
  return compressible.test(contentType);
}
