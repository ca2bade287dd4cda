import { randomFillSync } from 'node:crypto';

const nonceBytes = 16;

/**
 * CSP nonces, 16 random bytes each in base64. The bytes come from the same CSPRNG as `randomBytes`, in
 * batches (one `randomFillSync` per `batch` nonces instead of one `randomBytes` call and buffer per
 * response); every byte is used for exactly one nonce.
 */
export function createNonceSource(batch = 256): () => string {
  const pool = Buffer.allocUnsafe(nonceBytes * batch);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString('base64', offset, offset + nonceBytes);
    offset += nonceBytes;
    return nonce;
  };
}
