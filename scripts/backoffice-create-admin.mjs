#!/usr/bin/env node
// `npm run backoffice:create-admin -- --email <address> --name "<name>" [--password-stdin]`: creates an
// admin of the service back office (docs/rules/back-office.md#the-first-admin) and prints, once, the
// password (generated unless given on stdin), the TOTP key URI and secret, and the recovery codes.
// Asks for email and name when they are not given and a terminal is attached. Refuses an email that
// has an account. Runs against the database the environment names, like the server; on the embedded
// database, stop the server first (PGlite belongs to one process).
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuild } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

async function readStdin() {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

try {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  let { email, name } = values;
  if ((!email || !name) && process.stdin.isTTY && !values['password-stdin']) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    email ||= await prompt.question('Email: ');
    name ||= await prompt.question('Name: ');
    prompt.close();
  }
  if (!email || !name) {
    throw new Error('usage: npm run backoffice:create-admin -- --email <address> --name "<name>" [--password-stdin]');
  }
  const password = values['password-stdin'] ? await readStdin() : undefined;
  ensureBuild();
  const { createAdminFromEnvironment } = await import(path.join(root, 'build', 'server', 'index.js'));
  console.log(await createAdminFromEnvironment(process.env, { email, name, password }));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
