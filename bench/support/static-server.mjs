// Child process: the yardstick. A plain node:http server answering every request with one HTML
// document held in memory, with the content type the app used. Reports its address over IPC (on
// stdout when started by hand).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType] = process.argv.slice(2);
const body = readFileSync(file);

const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  report({ url: `http://127.0.0.1:${server.address().port}` });
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.once('SIGTERM', stop);
// Started over IPC: also stop when the parent goes away.
if (process.send) process.once('disconnect', stop);

function report(message) {
  if (process.send) process.send(message);
  else console.log(message.url);
}
