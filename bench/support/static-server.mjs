// Child process: the yardstick. A plain node:http server answering every request with one HTML
// document held in memory, with the content type the app used.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveAsChild } from './child-server.mjs';

const [file, contentType] = process.argv.slice(2);
const body = readFileSync(file);

const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
  res.end(body);
});
serveAsChild(server);
