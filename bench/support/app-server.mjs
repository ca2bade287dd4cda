// Child process: the production build's own server (build/server/index.js), started with the
// environment the benchmark chose. Reports its address over IPC (on stdout when started by hand) and
// shuts down gracefully on SIGTERM or when the parent goes away.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const { startServer } = await import(pathToFileURL(path.resolve('build/server/index.js')).href);
const app = await startServer(process.env);
const address = app.server.address();
report({ url: `http://127.0.0.1:${address.port}` });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  app.shutdown().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
// Started over IPC: also stop when the parent goes away.
if (process.send) process.once('disconnect', stop);

function report(message) {
  if (process.send) process.send(message);
  else console.log(message.url);
}
