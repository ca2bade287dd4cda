// What `npm start` and `npm run dev` print once the server listens, and how they stop.

/** The address, and on a local run the demo login and the mailbox. */
export function printStartBanner(app) {
  const { config, database, demoLogin, mail } = app.services;
  console.log(`\n  Self-service app running at ${app.url}  (${config.brand}, ${database.kind})`);
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
