#!/usr/bin/env node
// `npm run outbox:retry -- <mail id|all-failed>`: failed mails become due again (docs/operations.md).
// Runs against the database the environment names, like the server; on the embedded database,
// stop the server first (PGlite belongs to one process).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

try {
  ensureBuild();
  const { retryFailedMails } = await import(path.join(root, 'build', 'server', 'index.js'));
  const count = await retryFailedMails(process.env, process.argv[2]);
  console.log(`${count} failed mail${count === 1 ? '' : 's'} due again; the workers send them within seconds.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
