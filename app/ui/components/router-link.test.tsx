import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link, MemoryRouter, NavLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  plainAnchorProps,
  RouterLink,
  RouterNavLink,
  ServerLink,
  ServerNavLink,
  type RouterLinkProps,
  type RouterNavLinkProps,
} from './router-link';

/** What React Router's own `Link` renders for these props, on a page at `at`. */
function linkMarkup(props: RouterLinkProps, at = '/de/impressum/'): string {
  return render(<Link {...props} />, at);
}

function render(element: ReactElement, at = '/de/impressum/'): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{element}</MemoryRouter>);
}

const cases: RouterLinkProps[] = [
  { to: '/de/preise', children: 'Preise' },
  { to: '/', children: 'Start' },
  { to: '/de/login?redirectTo=%2Fde%2Fmein-konto&utm_source=app#form', children: 'Anmelden' },
  { to: '/de/hilfe/', className: 'footer__link', children: 'Hilfe' },
  { to: '/de//doppelt/./weg/../ziel', children: 'normalised' },
  { to: '/de/preise/..', children: 'up' },
  { to: '/de/.well-known/x?a=1', children: 'dot' },
  { to: '/de/preise?', children: 'empty query' },
  { to: '/de/preise#', children: 'empty hash' },
  { to: '/de/preise?#oben', children: 'empty query, hash' },
  { to: '/de/preise?a=1#', children: 'query, empty hash' },
  { to: '/de/pre%20ise?q=a%2F%2Fb#x?y', children: 'escaped' },
  { to: '/en/price-list?dbcembedded=1', hrefLang: 'en', lang: 'en', 'aria-label': 'English', children: 'EN' },
  { to: '/de/preise', target: '_blank', rel: 'noopener', children: 'new window' },
  { to: '/de/preise', discover: 'none', children: 'not discovered' },
  {
    to: '/de/start',
    reloadDocument: true,
    replace: true,
    state: { from: 'x' },
    preventScrollReset: true,
    children: 'x',
  },
  { to: '/de/start', viewTransition: true, relative: 'path', onClick: () => undefined, children: 'y' },
];

describe('the server’s link', () => {
  it.each(cases)('renders what React Router’s Link renders: %o', (props) => {
    expect(render(<ServerLink {...props} />)).toBe(linkMarkup(props));
  });

  it('is what the server renders for a link', () => {
    expect(RouterLink).toBe(ServerLink);
  });
});

/** Navigation entries, each on pages where it is and is not the current one. */
const navCases: [at: string, props: RouterNavLinkProps][] = [
  ['/de/kundenbereich', { to: '/de/kundenbereich', end: true, children: 'Übersicht' }],
  ['/de/kundenbereich/guthaben', { to: '/de/kundenbereich', end: true, children: 'Übersicht' }],
  ['/de/kundenbereich/guthaben', { to: '/de/kundenbereich', children: 'Bereich' }],
  ['/de/kundenbereich/guthaben', { to: '/de/kundenbereich/guthaben', children: 'Guthaben' }],
  ['/de/kundenbereich/guthaben/', { to: '/de/kundenbereich/guthaben', end: true, children: 'trailing slash' }],
  ['/de/kundenbereich/guthaben', { to: '/de/kundenbereich/guthaben/', children: 'target with slash' }],
  ['/de/kundenbereich/guthabenkonto', { to: '/de/kundenbereich/guthaben', children: 'prefix, no segment' }],
  ['/DE/Kundenbereich/Daten', { to: '/de/kundenbereich/daten', children: 'case' }],
  ['/de/kundenbereich/daten', { to: '/de/kundenbereich/daten?dbcembedded=1#form', children: 'query, hash' }],
  ['/de/kundenbereich/daten', { to: '/de//kundenbereich/./daten', children: 'resolved' }],
  ['/de/kundenbereich/daten', { to: '/de/kundenbereich/tarif', children: 'other page' }],
  ['/backoffice/staff', { to: '/backoffice', end: true, children: 'Start' }],
  ['/backoffice', { to: '/backoffice', end: true, children: 'Start' }],
  ['/de/start', { to: '/', children: 'root' }],
  ['/', { to: '/', end: true, children: 'root here' }],
];

describe('the server’s navigation link', () => {
  it.each(navCases)('renders on %s what React Router’s NavLink renders: %o', (at, props) => {
    expect(render(<ServerNavLink {...props} />, at)).toBe(render(<NavLink {...props} />, at));
  });

  it('marks the current page', () => {
    expect(render(<ServerNavLink to="/de/kundenbereich/daten">Daten</ServerNavLink>, '/de/kundenbereich/daten')).toBe(
      '<a aria-current="page" class="active" href="/de/kundenbereich/daten" data-discover="true">Daten</a>',
    );
  });

  it('is what the server renders for a navigation link', () => {
    expect(RouterNavLink).toBe(ServerNavLink);
  });
});

describe('a link that leaves the app', () => {
  it('keeps the anchor’s own props and drops what only the router reads', () => {
    const onClick = () => undefined;
    expect(
      plainAnchorProps({
        className: 'footer__link',
        target: '_blank',
        rel: 'noopener',
        onClick,
        children: 'Datenschutz',
        discover: 'none',
        reloadDocument: true,
        replace: true,
        state: { from: 'x' },
        preventScrollReset: true,
        relative: 'path',
        viewTransition: true,
        defaultShouldRevalidate: false,
      }),
    ).toEqual({ className: 'footer__link', target: '_blank', rel: 'noopener', onClick, children: 'Datenschutz' });
  });
});
