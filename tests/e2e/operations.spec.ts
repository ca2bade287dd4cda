import { pages } from '../../app/i18n/route-table';
import { expect, test } from './support/test';

test('/health reports the build and a reachable database', async ({ request }) => {
  const response = await request.get('/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ status: 'ok', build: expect.any(String), database: 'up' });
});

test('/builds/latest.json names the build the pages run', async ({ request, page }) => {
  const latest = await request.get(`/builds/latest.json?timestamp=${Date.now()}`);
  expect(latest.status()).toBe(200);
  const { id } = (await latest.json()) as { id: string };
  const health = (await (await request.get('/health')).json()) as { build: string };

  await page.goto(pages.home.de);
  const version = await page.evaluate(
    () => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version,
  );

  expect(id).toBeTruthy();
  expect(version).toBe(id);
  expect(health.build).toBe(id);
});
