// Child process: the yardstick for logins. A plain node:http server that answers every request
// with one argon2id verification of the given password against the given hash (the app's own
// stored hash, so the same parameters) and nothing else: 302 when it matches, as the app's login
// does.
//
//   node bench/support/argon2-server.mjs <hash> <password>
import { verify } from '@node-rs/argon2';
import { createServer } from 'node:http';
import { serveAsChild } from './child-server.mjs';

const [hash, password] = process.argv.slice(2);

const server = createServer((req, res) => {
  // The form body is read (as the app must) but not parsed: the password is known.
  req.resume();
  req.on('end', () => {
    verify(hash, password).then(
      (matches) => res.writeHead(matches ? 302 : 400, { Location: '/', 'Content-Length': 0 }).end(),
      () => res.writeHead(500).end(),
    );
  });
});
serveAsChild(server);
