// What `npm start` and `npm run dev` print once the server listens, and how they stop.
import { onProjectNode, projectNode, projectNodeVersion } from './runtime.mjs';

/**
 * The address and the Node.js it runs on, and on a local run the demo login and the mailbox. A start
 * on another Node.js version than the project's (`node scripts/start.mjs` with the machine's) says so.
 */
export function printStartBanner(app) {
  const { config, database, demoLogin, mail } = app.services;
  console.log(
    `\n  Self-service app running at ${app.url}  (${config.brand}, ${database.kind}, Node.js ${process.version})`,
  );
  if (!onProjectNode) {
    console.warn(
      `  Warning: the project runs on Node.js ${projectNodeVersion}, ${projectNode} (npm start uses it); this is ${process.execPath}`,
    );
  }
  if (demoLogin) {
    const password = demoLogin.password ?? '(changed in the app since; DEMO_PASSWORD sets it again)';
    console.log(`  Demo customer: ${demoLogin.email} / ${password}`);
  }
  if (mail.mailboxEnabled) console.log(`  Mails (no SMTP server configured): ${app.url}/dev/mailbox`);
  console.log('');
}

/** SIGTERM and SIGINT finish the requests in flight, close the database, then exit. */
export function stopOnSignals(app, beforeExit = async () => {}) {
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      app
        .shutdown()
        .then(beforeExit)
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
