import { caseWorkerRoles, customerDataRoles, payoutRoles, staffRoles, type StaffRole } from '../config/back-office';

/**
 * The service back office's pages, declared once (docs/rules/back-office.md#access-by-role): per page
 * its path, its route module, the roles whose requests its loader answers, and per action (the form's
 * `intent`) the roles that may send it. app/routes.ts registers the pages from here below the back
 * office's guard (app/routes/guards/back-office.tsx), which checks every request against this table;
 * the navigation shows a role the pages it may open; the access tests enumerate it. A role not named
 * is refused. The back office has one path per page for both languages; the language is the
 * visitor's choice (the `locale` cookie), not part of the path.
 */

export interface BackOfficePage {
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Roles whose GET the loader answers. */
  loader: readonly StaffRole[];
  /** Roles per action, by the form's `intent` value. */
  actions: Readonly<Record<string, readonly StaffRole[]>>;
  /** Listed in the back office's navigation (for the roles its loader allows). */
  nav: boolean;
}

const everyRole = staffRoles;
const admin = ['admin'] as const;
/**
 * Who works the case queues (docs/rules/back-office.md#case-queues): service staff. Case pages show
 * customers' data; admins run staff accounts, settings and the audit log and, like finance staff, work
 * no cases but payouts.
 */
const caseWorkers = caseWorkerRoles;
/**
 * Who records a due payout as paid out (docs/rules/back-office.md#case-queues): finance staff and admins.
 * They open the queue and the case pages for that, and the casework feature shows them payout cases only.
 */
const payouts = payoutRoles;
const caseReaders = [...caseWorkers, ...payouts] as const;
/**
 * Who looks up customers (docs/rules/back-office.md#customer-lookup): service and finance staff, who
 * work with customers; admins run staff accounts and settings and look up no customers.
 */
const customerLookup = customerDataRoles;
/** Money (docs/rules/back-office.md#money): finance books and creates; admin reads and decides as the second person. */
const finance = ['finance'] as const;
const financeOrAdmin = ['finance', 'admin'] as const;

export const backOfficePages = {
  start: { path: '/backoffice', file: 'routes/backoffice/start.tsx', loader: everyRole, actions: {}, nav: true },
  staff: {
    path: '/backoffice/staff',
    file: 'routes/backoffice/staff-list.tsx',
    loader: admin,
    actions: { deactivate: admin, reenrol: admin, confirm: admin },
    nav: true,
  },
  staffNew: {
    path: '/backoffice/staff/new',
    file: 'routes/backoffice/staff-new.tsx',
    loader: admin,
    actions: { create: admin },
    nav: false,
  },
  cases: {
    path: '/backoffice/cases',
    file: 'routes/backoffice/cases.tsx',
    loader: caseReaders,
    actions: {},
    nav: true,
  },
  case: {
    path: '/backoffice/cases/case',
    file: 'routes/backoffice/case.tsx',
    loader: caseReaders,
    actions: {
      take: caseWorkers,
      assign: caseWorkers,
      transition: caseWorkers,
      note: caseWorkers,
      match: caseWorkers,
      complete: caseWorkers,
      'carry-out': caseWorkers,
      refuse: caseWorkers,
      retry: caseWorkers,
      close: caseWorkers,
      'record-payout': payouts,
    },
    nav: false,
  },
  audit: { path: '/backoffice/audit', file: 'routes/backoffice/audit.tsx', loader: admin, actions: {}, nav: true },
  /** The four-eyes amounts (docs/rules/back-office.md#settings): admins only, like staff accounts. */
  settings: {
    path: '/backoffice/settings',
    file: 'routes/backoffice/settings.tsx',
    loader: admin,
    actions: { save: admin },
    nav: true,
  },
  auditExport: {
    path: '/backoffice/audit/export',
    file: 'routes/backoffice/audit-export.ts',
    // Only the POST of the audit page's export form: the export writes an audit entry.
    loader: [],
    actions: { export: admin },
    nav: false,
  },
  customers: {
    path: '/backoffice/customers',
    file: 'routes/backoffice/customers.tsx',
    loader: customerLookup,
    actions: {},
    nav: true,
  },
  customerView: {
    path: '/backoffice/customers/view',
    file: 'routes/backoffice/customer-view.tsx',
    loader: customerLookup,
    actions: {},
    nav: false,
  },
  money: {
    path: '/backoffice/money',
    file: 'routes/backoffice/money.tsx',
    loader: financeOrAdmin,
    actions: {},
    nav: true,
  },
  moneyNew: {
    path: '/backoffice/money/new',
    file: 'routes/backoffice/money-new.tsx',
    loader: finance,
    actions: { request: finance },
    nav: false,
  },
  moneyRequest: {
    path: '/backoffice/money/request',
    file: 'routes/backoffice/money-request.tsx',
    loader: financeOrAdmin,
    actions: { approve: financeOrAdmin, reject: financeOrAdmin },
    nav: false,
  },
  vouchers: {
    path: '/backoffice/vouchers',
    file: 'routes/backoffice/vouchers.tsx',
    loader: financeOrAdmin,
    actions: {},
    nav: true,
  },
  vouchersNew: {
    path: '/backoffice/vouchers/new',
    file: 'routes/backoffice/vouchers-new.tsx',
    loader: finance,
    actions: { create: finance },
    nav: false,
  },
  voucherBatch: {
    path: '/backoffice/vouchers/batch',
    file: 'routes/backoffice/voucher-batch.tsx',
    loader: financeOrAdmin,
    actions: { approve: financeOrAdmin, reject: financeOrAdmin },
    nav: false,
  },
  /** The CSV of a batch's codes: POST only (it hands out redeemable codes and is audited), no page to GET. */
  voucherBatchExport: {
    path: '/backoffice/vouchers/batch/export',
    file: 'routes/backoffice/voucher-batch-export.ts',
    loader: [],
    actions: { export: finance },
    nav: false,
  },
  logout: {
    path: '/backoffice/logout',
    file: 'routes/backoffice/logout.ts',
    loader: everyRole,
    actions: { logout: everyRole },
    nav: false,
  },
} as const satisfies Record<string, BackOfficePage>;

export type BackOfficePageId = keyof typeof backOfficePages;
export const backOfficePageIds = Object.keys(backOfficePages) as BackOfficePageId[];

/**
 * Pages of the back office that need no staff session: the login's two steps, the enrolment link's
 * page and the language switch.
 */
export const backOfficePublicPages = {
  login: { path: '/backoffice/login', file: 'routes/backoffice/login.tsx' },
  loginCode: { path: '/backoffice/login/code', file: 'routes/backoffice/login-code.tsx' },
  enrol: { path: '/backoffice/enrol', file: 'routes/backoffice/enrol.tsx' },
  language: { path: '/backoffice/language', file: 'routes/backoffice/language.ts' },
} as const;

export const backOfficeRoot = '/backoffice';

export function backOfficePath(id: BackOfficePageId | keyof typeof backOfficePublicPages): string {
  return id in backOfficePages
    ? backOfficePages[id as BackOfficePageId].path
    : backOfficePublicPages[id as keyof typeof backOfficePublicPages].path;
}

/** React Router route id of a back-office page. */
export const backOfficeRouteId = (id: string) => `backoffice-${id}`;

/** The back-office page a path belongs to (a trailing slash is ignored). */
export function findBackOfficePage(pathname: string): BackOfficePageId | undefined {
  const normalized = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return backOfficePageIds.find((id) => backOfficePages[id].path === normalized);
}

export function isBackOfficePath(pathname: string): boolean {
  return pathname === backOfficeRoot || pathname.startsWith(`${backOfficeRoot}/`);
}

/**
 * The roles allowed one request: the loader's for GET and HEAD, the named action's for anything else
 * (none for an action the page does not have).
 */
export function rolesFor(id: BackOfficePageId, method: string, intent: string | null): readonly StaffRole[] {
  const page: BackOfficePage = backOfficePages[id];
  if (method === 'GET' || method === 'HEAD') return page.loader;
  return (intent !== null && Object.hasOwn(page.actions, intent) ? page.actions[intent] : undefined) ?? [];
}

/** The pages a role may open from the navigation. */
export function navigationFor(role: StaffRole): BackOfficePageId[] {
  return backOfficePageIds.filter((id) => {
    const page: BackOfficePage = backOfficePages[id];
    return page.nav && page.loader.includes(role);
  });
}

/** A path inside the back office to return to after login, or the start page. */
export function safeBackOfficeTarget(value: unknown): string {
  if (typeof value !== 'string') return backOfficeRoot;
  const path = value.split('?')[0] ?? '';
  return findBackOfficePage(path) && !value.startsWith('//') ? value : backOfficeRoot;
}
