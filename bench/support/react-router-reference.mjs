// Child process: the yardstick for a rendered page. A stock React Router server
// (@react-router/node's request listener on node:http) with one route whose component renders a
// fixed page with React: the HTML document in the file given as argument, turned back into React
// elements, so the page has the same markup and size as the app's. No loaders, middleware,
// database or session: what React Router and React cost for that page, and nothing else. The route
// table and entry are written by hand instead of by Vite, which only bundles them in the app.
//
//   node bench/support/react-router-reference.mjs <html file> <path>
import { createReadableStreamFromReadable, createRequestListener } from '@react-router/node';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter } from 'react-router';
import { serveAsChild } from './child-server.mjs';
import { htmlToReact } from './html-to-react.mjs';

const [file, pagePath] = process.argv.slice(2);
const page = htmlToReact(readFileSync(file, 'utf8'));

/** As the app's entry.server: the whole document rendered before the first byte. */
function handleRequest(request, status, headers, routerContext) {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context: routerContext, url: request.url }), {
      onAllReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new globalThis.Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const routes = {
  root: { id: 'root', path: '', module: { default: () => page } },
  page: { id: 'page', parentId: 'root', path: pagePath.slice(1), module: { default: () => null } },
};
const assetRoute = (route) => ({
  id: route.id,
  parentId: route.parentId,
  path: route.path,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  module: `/assets/${route.id}.js`,
  imports: [],
  css: [],
});
const build = {
  entry: { module: { default: handleRequest } },
  routes,
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [], css: [] },
    routes: Object.fromEntries(Object.values(routes).map((route) => [route.id, assetRoute(route)])),
    url: '/assets/manifest.js',
    version: 'reference',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
};

const server = createServer(createRequestListener({ build, mode: 'production' }));
serveAsChild(server);
