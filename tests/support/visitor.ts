import { pages } from '~/i18n/route-table';

export interface VisitedPage {
  status: number;
  /** The redirect target, for 3xx answers (redirects are not followed). */
  location: string | null;
  html: string;
}

export interface Visitor {
  /** The cookies the servers set so far, by name; sent with every request, to every instance. */
  cookies: Map<string, string>;
  get(url: string): Promise<VisitedPage>;
  /** Posts a form the way a browser without JavaScript does, with the CSRF token of `formPage`. */
  post(url: string, fields: Record<string, string>, formPage: VisitedPage): Promise<VisitedPage>;
}

/**
 * A browser without JavaScript, over fetch: it keeps cookies, follows no redirects and gives up on
 * an answer after `timeoutMs`. Cookies do not depend on the port, so one visitor going to several
 * instances on 127.0.0.1 behaves like a browser behind a load balancer.
 */
export function createVisitor({ timeoutMs = 10_000 } = {}): Visitor {
  const cookies = new Map<string, string>();
  async function request(url: string, init: RequestInit = {}): Promise<VisitedPage> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const expired = pair.endsWith('=') || attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(name.length + 1));
    }
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  }
  return {
    cookies,
    get: (url) => request(url),
    post: (url, fields, formPage) =>
      request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, csrf: csrfTokenIn(formPage.html) }).toString(),
      }),
  };
}

/** The CSRF token of the (first) form in a server-rendered page. */
export function csrfTokenIn(html: string): string {
  const token = /\sname="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('The page carries no CSRF token');
  return token;
}

/** Logs in through the login form: the form from `formFrom`, the post to `postTo` (two instances, or one). */
export async function logIn(
  visitor: Visitor,
  {
    formFrom,
    postTo = formFrom,
    email,
    password,
  }: { formFrom: string; postTo?: string; email: string; password: string },
): Promise<VisitedPage> {
  const form = await visitor.get(formFrom + pages.login.de);
  return visitor.post(postTo + pages.login.de, { email, password }, form);
}
