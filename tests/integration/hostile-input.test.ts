import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formLimits } from '~/config/form-limits';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { findPage, isPageOf, pages } from '~/i18n/route-table';
import { de } from '~/i18n/messages/de';
import { en } from '~/i18n/messages/en';
import { sessionCookieName } from '~/platform/cookies';
import { startAppServer, type AppServer } from '../support/app-server';
import { formActions, renderedForms, type FormAction, type RenderedField } from '../support/form-actions';
import { createVisitor, csrfTokenIn, logIn, type Visitor } from '../support/visitor';

/** No answer to a hostile body may be larger than this: a refused form sends back its own fields only. */
const answerBound = 200 * 1024;
const controlCharacterMessages = [de['form.control-characters'], en['form.control-characters']];
const urlencoded = 'application/x-www-form-urlencoded';
/** Beyond the server's body limit (64 KiB, server/request-body.ts). */
const oversizedBody = 70 * 1024;

interface Answer {
  status: number;
  body: string;
}

interface HostileBody {
  name: string;
  contentType: string;
  body: string | Blob;
  /** The status every action must answer it with. */
  status: number;
}

/** Bodies no form of ours sends, each with the visitor's valid CSRF token, so that only the body is wrong. */
function hostileBodies(csrf: string): HostileBody[] {
  const form = (fields: [string, string][], status = 400): HostileBody => ({
    name: fields.map(([name]) => name.slice(0, 40)).join('&'),
    contentType: urlencoded,
    body: new URLSearchParams([['csrf', csrf], ...fields]).toString(),
    status,
  });
  const boundary = 'hostile-boundary';
  return [
    { ...form([['description', 'x'.repeat(oversizedBody)]], 413), name: 'a body beyond the server’s limit' },
    form([['x[4000000]', '1']]),
    form([['x[99999999999]', '1']]),
    form([[`items[${formLimits.listIndex + 1}]`, 'a']]),
    form([[`a${'.a'.repeat(3000)}`, '1']]),
    form([[`a${'[0]'.repeat(2000)}`, '1']]),
    form([['a.b.c.d.e', '1']]),
    form(Array.from({ length: formLimits.fields + 1 }, (_, i): [string, string] => [`field${i}`, ''])),
    form([['n'.repeat(formLimits.nameLength + 1), '1']]),
    form([['email', 'x'.repeat(formLimits.valueLength + 1)]]),
    form([['__intent__', 'not json']]),
    form([['__state__', '{']]),
    form([['__proto__.admin', '1']]),
    { name: 'text/plain', contentType: 'text/plain', body: `csrf=${csrf}`, status: 400 },
    { name: 'JSON', contentType: 'application/json', body: JSON.stringify({ csrf }), status: 400 },
    {
      name: 'broken multipart',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--${boundary}\r\nContent-Disp`,
      status: 400,
    },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: `csrf=${csrf}`, status: 400 },
    {
      name: 'a file',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
      status: 400,
    },
  ];
}

/**
 * The rendered forms' own fields with hostile values: what reaches the action once the body has the
 * shape of a form. Every field gets the hostile value first (so no action's `intent` matches and no
 * form does what it is for); the honeypot stays empty so that the form is judged, not dropped.
 */
function valueVariants(fields: RenderedField[], csrf: string): { name: string; body: string | Blob }[] {
  const own = fields.filter((field) => field.name !== 'csrf' && field.name !== honeypotFieldName);
  const encoded = (pairs: [string, string][]) => new URLSearchParams([['csrf', csrf], ...pairs]).toString();
  const names = own.map((field) => encodeURIComponent(field.name));
  return [
    { name: 'control characters', body: encoded(own.map((field) => [field.name, 'x\u0000y\u001b'])) },
    {
      name: 'invalid percent-encoding',
      body: [`csrf=${csrf}`, ...names.map((name) => `${name}=%ZZ%E0%A4%A%`)].join('&'),
    },
    {
      name: 'invalid UTF-8',
      body: new Blob([
        [`csrf=${csrf}`, ...names.map((name) => `${name}=`)].join('&'),
        new Uint8Array([0xff, 0xfe, 0xc3]),
      ]),
    },
    {
      name: 'repeated fields',
      body: encoded(
        own.flatMap((field): [string, string][] => [
          [field.name, '\u0000'],
          [field.name, field.value || 'y'],
        ]),
      ),
    },
  ];
}

describe('hostile form bodies, sent to every form action of the built app', () => {
  let server: AppServer;
  let anonymous: Visitor;
  let customer: Visitor;
  // The server runs brand cab: another brand's pages are not served there (docs/rules/reports.md#report-pages-per-brand).
  const actions = formActions().filter((action) => {
    const page = findPage(action.path);
    return !page || isPageOf(page.id, 'cab');
  });

  async function send(visitor: Visitor, path: string, contentType: string, body: string | Blob): Promise<Answer> {
    const response = await fetch(server.url + path, {
      method: 'POST',
      redirect: 'manual',
      body,
      headers: {
        'content-type': contentType,
        cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      signal: AbortSignal.timeout(10_000),
    });
    // As the visitor's browser would: the logout button clears the session cookie.
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(name.length + 1);
      if (value === '' || /max-age=0/i.test(header)) visitor.cookies.delete(name);
      else visitor.cookies.set(name, value);
    }
    return { status: response.status, body: await response.text() };
  }

  async function logInCustomer(): Promise<void> {
    const answer = await logIn(customer, { formFrom: server.url, email: demoEmail, password: defaultDemoPassword });
    expect(answer.status, 'the demo customer logs in').toBe(302);
  }

  const visitorFor = (action: FormAction) => (action.forCustomers ? customer : anonymous);

  /** Runs `task` for every item, a few at a time, as browsers on one server would. */
  async function eachAtOnce<T>(items: readonly T[], task: (item: T) => Promise<void>, width = 4): Promise<void> {
    const queue = [...items];
    await Promise.all(
      Array.from({ length: width }, async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
      }),
    );
  }

  beforeAll(async () => {
    server = await startAppServer({ LOG_LEVEL: 'info' });
    anonymous = createVisitor();
    customer = createVisitor();
    await anonymous.get(server.url + pages.login.de);
    await logInCustomer();
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('finds the form actions in the route table, public and self-service', () => {
    const paths = actions.map((action) => action.path);
    expect(paths).toEqual(expect.arrayContaining([pages.login.de, pages.register.en, '/resources/logout']));
    expect(actions.filter((action) => action.forCustomers).length).toBeGreaterThan(10);
    expect(actions.filter((action) => !action.forCustomers).length).toBeGreaterThan(10);
  });

  it('refuses oversized, sparse, deep and malformed bodies with a small 4xx, and stays healthy', async () => {
    const csrf = {
      anonymous: csrfTokenIn((await anonymous.get(server.url + pages.login.de)).html),
      customer: csrfTokenIn((await customer.get(server.url + pages.credit.de)).html),
    };
    // Every body goes to every action (one path of each route module: its other paths are the same
    // action in another locale or view), and the sparse list to every path.
    const modules = actions.filter(
      (action, index) => actions.findIndex((other) => other.file === action.file) === index,
    );
    const cases = [
      ...modules.flatMap((action) =>
        hostileBodies(action.forCustomers ? csrf.customer : csrf.anonymous).map((body) => ({ action, body })),
      ),
      ...actions.map((action) => ({
        action,
        body: hostileBodies(action.forCustomers ? csrf.customer : csrf.anonymous).find(
          (body) => body.name === 'x[4000000]',
        )!,
      })),
    ];
    await eachAtOnce(cases, async ({ action, body }) => {
      const answer = await send(visitorFor(action), action.path, body.contentType, body.body);
      const what = `${action.path}: ${body.name}`;
      expect(answer.status, what).toBe(body.status);
      expect(answer.body.length, what).toBeLessThan(answerBound);
    });
    // The single-fetch form of a post (a navigation with JavaScript) goes through the same reading.
    const sparse = hostileBodies(csrf.anonymous).find((body) => body.name.startsWith('x[4000000]'))!;
    const single = await send(anonymous, `${pages.login.de}.data`, urlencoded, sparse.body);
    expect(single.status).toBe(400);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 120_000);

  it('answers control characters, broken percent-encoding and repeated fields in any form’s fields without a 500', async () => {
    const cases: { action: FormAction; fields: RenderedField[] | null }[] = [];
    for (const action of actions) {
      const page = await visitorFor(action).get(server.url + action.path);
      const forms = page.status === 200 ? renderedForms(page.html, action.path) : [];
      if (forms.length === 0) cases.push({ action, fields: null });
      for (const fields of forms) cases.push({ action, fields });
    }
    // Forms on their own pages: most of them.
    const withoutForm = cases.filter((entry) => !entry.fields).map((entry) => entry.action.path);
    expect(withoutForm.length, `without a form: ${withoutForm.join(' ')}`).toBeLessThan(actions.length / 2);

    const csrf = {
      anonymous: csrfTokenIn((await anonymous.get(server.url + pages.login.de)).html),
      customer: csrfTokenIn((await customer.get(server.url + pages.credit.de)).html),
    };
    for (const { action, fields } of cases) {
      const visitor = visitorFor(action);
      // Resources without a page of their own (the logout button, the browser's error reports)
      // get a made-up field.
      const sent = fields ?? [{ name: 'text', value: '', typed: true }];
      for (const variant of valueVariants(sent, action.forCustomers ? csrf.customer : csrf.anonymous)) {
        const answer = await send(visitor, action.path, urlencoded, variant.body);
        const what = `${action.path} [${sent.map((field) => field.name).join(' ')}]: ${variant.name}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(answer.body.length, what).toBeLessThan(answerBound);
        if (variant.name === 'control characters' && fields?.some((field) => field.typed)) {
          // Refused: a 4xx (an `intent` it does not know), or the form again with the message on the field.
          if (answer.status !== 200) expect(answer.status, what).toBeGreaterThanOrEqual(400);
          else
            expect(
              controlCharacterMessages.some((text) => answer.body.includes(text)),
              what,
            ).toBe(true);
        }
        // The logout button ends the session whatever its fields say.
        if (action.forCustomers && !customer.cookies.has(sessionCookieName)) await logInCustomer();
      }
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 120_000);

  describe('regressions', () => {
    it('a list index of four million is refused at once, not answered with a 12 MB list', async () => {
      const form = await anonymous.get(server.url + pages.cancelContract.de);
      const body = new URLSearchParams({ csrf: csrfTokenIn(form.html), name: 'Erika', 'kind[4000000]': 'x' });
      const answer = await send(anonymous, pages.cancelContract.de, urlencoded, body.toString());
      expect(answer.status).toBe(400);
      expect(answer.body.length).toBeLessThan(answerBound);
      expect(answer.body).toContain('error-screen');
    });

    it('a name nested thousands of levels deep is a 400, not a stack overflow', async () => {
      const form = await anonymous.get(server.url + pages.login.de);
      const body = new URLSearchParams({ csrf: csrfTokenIn(form.html), [`a${'.a'.repeat(5000)}`]: '1' });
      expect((await send(anonymous, pages.login.de, urlencoded, body.toString())).status).toBe(400);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    });

    it('a NUL byte in a registration field is a message on that field, not a 500, and no personal data is logged', async () => {
      const visitor = createVisitor();
      const form = await visitor.get(server.url + pages.register.de);
      const email = 'nul-byte-regression@example.org';
      const answer = await visitor.post(
        server.url + pages.register.de,
        {
          salutation: 'ms',
          firstName: 'Er\u0000ika',
          lastName: 'Nullbyte-Mustermann',
          birthDate: '12.03.1985',
          'phone.regionCode': 'DE',
          'phone.phonenumber': '0151 23456789',
          'address.text': 'Unter den Linden 1 10117 Berlin',
          'address.lat': '52.5171',
          'address.lon': '13.3952',
          'address.id': '1',
          email,
          password: 'Radfahren im Regen ist schön',
          tariffId: 'basis',
          acceptTerms: 'on',
        },
        form,
      );
      expect(answer.status).toBe(200);
      expect(answer.html).toMatch(new RegExp(`id="[^"]*-firstName-error"[^>]*>${de['form.control-characters']}<`));
      // The form keeps what was typed (without the NUL), except the password.
      expect(answer.html).toContain('value="Erika"');
      expect(answer.html).not.toContain('Radfahren im Regen');
      expect(answer.html).not.toContain('\u0000');
      for (const personal of [email, 'Nullbyte-Mustermann', 'Radfahren im Regen']) {
        expect(server.logs()).not.toContain(personal);
      }
    });
  });

  it('answers a NUL in a query parameter that reaches the database with a 400, not a 500', async () => {
    const answer = await customer.get(`${server.url}${pages.credit.de}?redeemed=%00`);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('error-screen');
    // The log line is written after the answer; the test reads the server's output as it arrives.
    await expect.poll(() => server.logs()).toContain('text the database cannot store');
  });

  it('answers a path spelled with dot segments or backslashes as the router resolves it, never as sent', async () => {
    // Sent as written (fetch would resolve the dots before sending): the server matches the route of
    // the path React Router sees.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { port } = new URL(server.url);
        get({ host: '127.0.0.1', port, path }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        }).on('error', reject);
      });
    const imprint = await raw('/de/x/../impressum?spelled=1');
    expect(imprint.status).toBe(200);
    expect(imprint.body).toContain('<title>Impressum');
    expect((await raw('/de/./impressum?spelled=1')).body).toContain('<title>Impressum');
    const selfService = await raw(`/de/x/..\\${pages.selfService.de.split('/').at(-1)}`);
    expect(selfService.status).toBe(302);
    // Route discovery answers a spelled manifest path as the manifest path, never as a page.
    const discovery = await raw('/x/../__manifest?version=none&paths=/de/start');
    expect(discovery.body).not.toContain('<html');
  });

  it('refuses a form posted from another origin with a 400 and a warning, not as an error of its own', async () => {
    // A page's form, and the same form as the browser's router sends it.
    for (const path of [pages.login.de, `${pages.login.de}.data`]) {
      const answer = await fetch(server.url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': urlencoded, origin: 'https://evil.example' },
        body: 'email=a%40example.com&password=x',
      });
      expect(answer.status, path).toBe(400);
    }
    await expect
      .poll(() => server.logs().split('form from another origin refused').length - 1)
      .toBeGreaterThanOrEqual(2);
  });

  it('answers a form posted to a page without one with a 405, not as an error of its own', async () => {
    const csrf = csrfTokenIn((await anonymous.get(server.url + pages.login.de)).html);
    for (const path of [pages.privacy.de, `${pages.privacy.de}.data`, '/robots.txt', '/de/gibt-es-nicht']) {
      const answer = await send(anonymous, path, urlencoded, `csrf=${csrf}&x=1`);
      expect(answer.status, path).toBe(405);
    }
    await expect.poll(() => server.logs()).toMatch(/"level":30[^\n]*"status":405[^\n]*request refused by the router/);
  });

  it('logged no unhandled error for any of it', () => {
    expect(server.logs()).not.toMatch(/"level":50/);
  });
});
