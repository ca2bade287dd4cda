import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy to a server (PostgreSQL) whose connections can go silent: frozen, they stay open and
 * pass nothing on, in either direction. Connections opened after a thaw pass everything again.
 */
export async function startFreezableProxy(server: URL) {
  const pairs: [Socket, Socket][] = [];
  let frozen = false;
  const proxy = createServer((client) => {
    const upstream = connect(Number(server.port || 5432), server.hostname);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const through = new URL(server);
  through.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    /** `server`'s URL, credentials and database included, through the proxy. */
    url: through.href,
    freeze: () => void (frozen = true),
    /** New connections pass again; the frozen ones are lost, as after a partition. */
    thaw() {
      for (const [client] of pairs.splice(0)) client.destroy();
      frozen = false;
    },
    close: () => {
      for (const [client] of pairs.splice(0)) client.destroy();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
