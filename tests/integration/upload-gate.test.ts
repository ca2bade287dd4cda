import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLimits } from '~/config/uploads';
import { pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';

/**
 * The server's gate in front of a form with files (server/upload-gate.ts): what it refuses is refused
 * before a byte of the body is read, on the server `npm start` runs.
 */
describe('uploads, before their body is read', () => {
  let app: AppServer;
  const boundary = 'gate-boundary';
  const open: ClientRequest[] = [];

  beforeAll(async () => {
    app = await startAppServer({ CLIENT: 'flinkster' });
  }, 120_000);
  afterAll(async () => {
    for (const held of open) held.destroy();
    await app?.stop();
  });

  /** Starts an upload whose body never ends: the headers and a first part are sent, then nothing. */
  function startUpload(headers: Record<string, string> = {}): Promise<number | 'held'> {
    return new Promise((resolve, reject) => {
      const url = new URL(pages.reportDamage.de, app.url);
      const held = request(url, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(uploadLimits.requestBytes - 1),
          'Sec-Fetch-Site': 'same-origin',
          ...headers,
        },
      });
      open.push(held);
      held.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      held.on('error', (error) => (open.includes(held) ? reject(error) : undefined));
      held.write(`--${boundary}\r\nContent-Disposition: form-data; name="plate"\r\n\r\nB-AB 1234\r\n`);
      // No answer within a second: the server is reading the body, the upload holds its slot.
      setTimeout(() => resolve('held'), 1_000);
    });
  }

  it('refuses an upload another site’s page sent', async () => {
    expect(await startUpload({ 'Sec-Fetch-Site': 'cross-site' })).toBe(403);
    expect(await startUpload({ 'Sec-Fetch-Site': '', Origin: 'https://evil.example' })).toBe(403);
  });

  it('reads only as many uploads from one address at once as the limit allows, then answers 503', async () => {
    for (let i = 0; i < uploadLimits.concurrentPerAddress; i++) expect(await startUpload()).toBe('held');
    expect(await startUpload()).toBe(503);
    for (const held of open.splice(0)) held.destroy();
    // The slots are free again once those requests are gone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await startUpload()).toBe('held');
  });
});
