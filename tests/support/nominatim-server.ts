import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeocodeJsonPlace {
  lon: number;
  lat: number;
  /** Address parts as Nominatim puts them under `properties.geocoding`. */
  geocoding: Record<string, string | number>;
}

/** A geocodejson FeatureCollection as Nominatim answers `format=geocodejson`. */
export function geocodeJson(places: GeocodeJsonPlace[], query = '') {
  return {
    type: 'FeatureCollection',
    geocoding: {
      version: '0.1.0',
      attribution: 'Data © OpenStreetMap contributors, ODbL 1.0.',
      licence: 'ODbL',
      query,
    },
    features: places.map(({ lon, lat, geocoding }) => ({
      type: 'Feature',
      properties: { geocoding: { type: 'house', ...geocoding } },
      geometry: { type: 'Point', coordinates: [lon, lat] },
    })),
  };
}

export type NominatimRoute = (url: URL) => { status: number; body?: unknown } | 'hang' | undefined;

/**
 * A local HTTP server speaking Nominatim's search API, for testing the geocoder adapter against a
 * real socket. `respond` decides each answer; `'hang'` never answers (a slow service).
 */
export async function startNominatimServer(respond: NominatimRoute) {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const answer = respond(url);
    if (answer === 'hang') return;
    const { status, body } = answer ?? { status: 404, body: { error: 'not found' } };
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(typeof body === 'string' ? body : JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
