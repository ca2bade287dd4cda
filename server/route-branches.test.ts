import { createRequestHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouteBranches, routedPath } from './route-branches';

/**
 * A small app as React Router builds one: a root, a pathless layout with static, dynamic and
 * catch-all pages, an index route and a resource route. Every loader says which route it is, and
 * the document lists the loaders that ran and the routes of the manifest sent to the browser.
 */
function testBuild(): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({
    id,
    parentId,
    path,
    index,
    module: { default: () => null, loader: () => ({ route: id }) },
  });
  const routes = {
    root: route('root', undefined, ''),
    layout: route('layout', 'root', undefined),
    'page-de': route('page-de', 'layout', 'de/seite'),
    'page-en': route('page-en', 'layout', 'en/page'),
    content: route('content', 'layout', ':locale/:slug'),
    'not-found': route('not-found', 'layout', '*'),
    index: route('index', 'root', undefined, true),
    resource: { ...route('resource', 'root', 'resources/thing'), module: { loader: () => Response.json({ ok: 1 }) } },
  };
  const assetRoute = (r: (typeof routes)[keyof typeof routes]) => ({
    id: r.id,
    parentId: r.parentId,
    path: r.path,
    index: r.index,
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${r.id}.js`,
    imports: [],
    css: [],
  });
  const render = (_request: Request, status: number, headers: Headers, context: Record<string, unknown>) => {
    const loaderData = (context.staticHandlerContext as { loaderData: Record<string, unknown> }).loaderData;
    const manifest = (context.manifest as { routes: Record<string, unknown> }).routes;
    return new Response(JSON.stringify({ loaded: Object.keys(loaderData), manifest: Object.keys(manifest) }), {
      status,
      headers,
    });
  };
  return {
    entry: { module: { default: render } },
    routes,
    assets: {
      entry: { module: '/assets/entry.js', imports: [], css: [] },
      routes: Object.fromEntries(Object.values(routes).map((r) => [r.id, assetRoute(r)])),
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

async function answer(handler: ReturnType<typeof createRequestHandler>, path: string) {
  const response = await handler(new Request(`http://localhost${path}`));
  return { status: response.status, body: await response.text() };
}

describe('route branch handlers', () => {
  const build = testBuild();
  const whole = createRequestHandler(build);
  const { handlerFor, leafOf } = createRouteBranches(build);

  it.each([
    ['/de/seite', ['root', 'layout', 'page-de']],
    ['/en/page', ['root', 'layout', 'page-en']],
    ['/DE/Seite/', ['root', 'layout', 'page-de']],
    ['/de/impressum', ['root', 'layout', 'content']],
    ['/a/b/c', ['root', 'layout', 'not-found']],
    ['/', ['root', 'index']],
  ])('runs the loaders the whole build runs for %s, and sends only its branch to the browser', async (path, loaded) => {
    const branch = await answer(handlerFor(path), path);
    const reference = await answer(whole, path);
    expect(branch.status).toBe(reference.status);
    expect(JSON.parse(branch.body).loaded).toEqual(JSON.parse(reference.body).loaded);
    expect(JSON.parse(branch.body).loaded).toEqual(loaded);
    expect(JSON.parse(branch.body).manifest.toSorted()).toEqual(loaded.toSorted());
  });

  it('answers data requests of client-side navigations from the branch of their page', async () => {
    for (const path of ['/de/seite.data', '/de/impressum.data', '/_root.data']) {
      const branch = await answer(handlerFor(path), path);
      expect(branch).toEqual(await answer(whole, path));
    }
  });

  it('answers resource routes like the whole build', async () => {
    expect(await answer(handlerFor('/resources/thing'), '/resources/thing')).toEqual({
      status: 200,
      body: '{"ok":1}',
    });
  });

  it('names the deepest route that answers a path, or none', () => {
    expect(leafOf('/de/seite')).toBe('page-de');
    expect(leafOf('/de/seite.data')).toBe('page-de');
    expect(leafOf('/_root.data')).toBe('index');
    expect(leafOf('/a/b/c')).toBe('not-found');
    expect(leafOf(`/${'x'.repeat(600)}`)).toBe('not-found');
  });

  it('leaves route discovery to the whole build', async () => {
    const discovery = '/__manifest?version=test&paths=/de/seite,/en/page';
    const { status, body } = await answer(handlerFor('/__manifest'), discovery);
    expect(status).toBe(200);
    expect(Object.keys(JSON.parse(body)).toSorted()).toEqual(['layout', 'page-de', 'page-en', 'root']);
    expect(handlerFor('/de/seite')).not.toBe(handlerFor('/__manifest'));
  });

  it('keeps one handler per branch, whatever the spelling of the path', () => {
    expect(handlerFor('/de/seite')).toBe(handlerFor('/DE/seite/'));
    expect(handlerFor('/de/impressum')).toBe(handlerFor('/en/faq'));
    expect(handlerFor('/de/seite')).not.toBe(handlerFor('/en/page'));
  });
});

describe('routedPath', () => {
  it.each([
    ['/de/seite', '/de/seite'],
    ['/de/seite/', '/de/seite'],
    ['/de/seite.data', '/de/seite'],
    ['/_root.data', '/'],
    ['/', '/'],
  ])('matches %s as React Router does: %s', (path, routed) => {
    expect(routedPath(path, { future: {} } as ServerBuild)).toBe(routed);
  });

  it('keeps the trailing slash when data requests are trailing-slash aware', () => {
    const build = { future: { v8_trailingSlashAwareDataRequests: true } } as unknown as ServerBuild;
    expect(routedPath('/de/seite/_.data', build)).toBe('/de/seite/');
    expect(routedPath('/de/seite.data', build)).toBe('/de/seite');
  });
});
