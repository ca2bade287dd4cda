import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { servicesContext, type AppServices } from '~/context';
import { csrfMiddleware } from './csrf-middleware.server';

/**
 * The fleet system's `POST /api/fleet/trips` is signed instead of carrying a CSRF token
 * (docs/rules/rides-and-charges.md#trips-in): exactly that path and method pass the CSRF middleware unchecked.
 */
describe('the CSRF exemption of the fleet system', () => {
  const context = new RouterContextProvider();
  context.set(servicesContext, { config: { publicUrl: 'https://kunden.example.com' } } as unknown as AppServices);
  const pass = async (method: string, path: string) => {
    const url = new URL(`https://kunden.example.com${path}`);
    // From another origin: anything checked is refused before its body is read.
    const request = new Request(url, { method, headers: { Origin: 'https://elsewhere.example' }, body: '{}' });
    const next = async () => new Response('passed');
    try {
      const response = await csrfMiddleware({ request, url, context, params: {}, pattern: '' } as never, next);
      return (response as Response).status;
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status ?? 500;
    }
  };

  it('lets a POST to /api/fleet/trips through to its route, which checks the signature', async () => {
    expect(await pass('POST', '/api/fleet/trips')).toBe(200);
  });

  it('checks every other path and method', async () => {
    expect(await pass('PUT', '/api/fleet/trips')).toBe(403);
    expect(await pass('POST', '/api/fleet/trips/')).toBe(403);
    expect(await pass('POST', '/api/fleet/trips-import')).toBe(403);
    expect(await pass('POST', '/resources/consent')).toBe(403);
  });
});
