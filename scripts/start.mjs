#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then serves the production
// build. Migrations and seeding run inside the server's start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

try {
  ensureBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const { startServer } = await import(path.join(root, 'build', 'server', 'index.js'));
const app = await startServer(process.env);
const { config, database, demoLogin, mail } = app.services;
console.log(`\n  Self-service app running at ${app.url}  (${config.brand}, ${database.kind})`);
if (demoLogin) {
  const password = demoLogin.password ?? '(changed in the app since; DEMO_PASSWORD sets it again)';
  console.log(`  Demo customer: ${demoLogin.email} / ${password}`);
}
if (mail.mailboxEnabled) console.log(`  Mails (no SMTP server configured): ${app.url}/dev/mailbox`);
console.log('');

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
