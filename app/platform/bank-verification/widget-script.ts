/**
 * The bank verification widget, as the browser loads it from `/resources/bank-verification/widget.js`
 * (a script of our own origin, so the CSP's `'strict-dynamic'` lets the page's nonce'd code add it).
 *
 * It works like a provider's widget: `window.SepaVerificationWidget.run(options)` shows its progress
 * in `options.container`, asks `options.endpoint` (our server, which asks the configured verifier)
 * and at the end calls the GLOBAL callback named `options.endCallback` with the result
 * `{status: 'verified' | 'failed' | 'error', token?, reason?}`. The page installs that callback; it
 * dispatches the window event `sepa-verify-complete` (features/payment/bank-verification-client.ts).
 *
 * Plain ES2017, no inline styles (the CSP allows none), no dependencies.
 */
export const widgetScript = `/* Bank verification widget (sandbox-compatible). */
(function () {
  'use strict';
  var texts = {
    de: {
      checking: 'Deine Bankverbindung wird geprüft …',
      verified: 'Bankverbindung bestätigt. Wir speichern dein Lastschriftmandat …',
      failed: 'Die Bankverbindung konnte nicht bestätigt werden.',
      error: 'Die Kontoprüfung hat nicht geantwortet.'
    },
    en: {
      checking: 'Checking your bank account …',
      verified: 'Bank account confirmed. Saving your direct debit mandate …',
      failed: 'The bank account could not be confirmed.',
      error: 'The account check did not answer.'
    }
  };
  var statuses = ['verified', 'failed', 'error'];

  function run(options) {
    var t = texts[options.locale] || texts.de;
    var line = document.createElement('p');
    line.className = 'bank-widget__status';
    line.textContent = t.checking;
    if (options.container) {
      options.container.textContent = '';
      options.container.appendChild(line);
    }
    var body = new FormData();
    Object.keys(options.fields || {}).forEach(function (name) {
      body.set(name, options.fields[name]);
    });
    return fetch(options.endpoint, {
      method: 'POST',
      body: body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' }
    })
      .then(function (response) {
        return response.json().then(
          function (data) {
            return data && statuses.indexOf(data.status) >= 0 ? data : { status: 'error', reason: 'unavailable' };
          },
          function () {
            return { status: 'error', reason: 'unavailable' };
          }
        );
      }, function () {
        return { status: 'error', reason: 'unavailable' };
      })
      .then(function (result) {
        line.textContent = t[result.status];
        line.setAttribute('data-status', result.status);
        var end = window[options.endCallback];
        if (typeof end === 'function') end(result);
        return result;
      });
  }

  window.SepaVerificationWidget = Object.freeze({ version: 1, run: run });
})();
`;
