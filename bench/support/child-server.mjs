// What every yardstick server does as a child process: listen on a free loopback port with the
// app's keep-alive timeout, report its address over IPC (on stdout when started by hand), and close
// on SIGTERM or when the parent goes away.

/** @param {import('node:http').Server} server */
export function serveAsChild(server) {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${server.address().port}`;
    if (process.send) process.send({ url });
    else console.log(url);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  if (process.send) process.once('disconnect', stop);
}
