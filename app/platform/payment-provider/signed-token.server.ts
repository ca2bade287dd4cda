import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tamper-proof tokens of the embedded sandboxes (checkout sessions, bank verifications): a JSON
 * payload, base64url, and its HMAC-SHA256 under a key derived from the server's secret. The
 * sandboxes need no table of their own, and a browser can carry a token but never forge one.
 * Every payload carries an expiry (`exp`, epoch ms).
 */
export interface SignedTokens {
  sign(payload: Record<string, unknown> & { exp: number }): string;
  /** The payload, or null when the token was altered, signed for another purpose or has expired. */
  verify<T extends Record<string, unknown>>(token: string, now?: number): (T & { exp: number }) | null;
}

export function signedTokens(secret: string, purpose: string): SignedTokens {
  const key = createHmac('sha256', secret).update(`sandbox:${purpose}`).digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify<T extends Record<string, unknown>>(token: string, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
        return typeof payload.exp === 'number' && payload.exp > now ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
