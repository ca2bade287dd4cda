import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes';
import { fleetTrips } from '~/config/fleet';

const appDir = fileURLToPath(new URL('../../app', import.meta.url));
const guardFile = 'routes/guards/auth.tsx';

export interface FormAction {
  /** The path the form posts to. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Behind the login guard, or a resource that acts for the logged-in customer. */
  forCustomers: boolean;
}

/**
 * Every route of the route table (app/routes.ts, expanded from app/i18n/route-table.ts) whose module
 * exports an action: every path a form, or a script, can post to. A path with a parameter would
 * need a value made up for it, so it fails here instead of being left out silently. The fleet
 * system's endpoint takes signed JSON, not forms: app/routes/resources/fleet-trips.test.ts sends it
 * hostile bodies of its own.
 */
export function formActions(entries: readonly RouteConfigEntry[] = routes, parent = '', guarded = false): FormAction[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : joinPath(parent, entry.path);
    const insideGuard = guarded || entry.file === guardFile;
    const own: FormAction[] = [];
    if (exportsAction(entry.file) && here !== fleetTrips.path) {
      if (here.includes(':') || here.includes('*')) throw new Error(`An action at a path with parameters: ${here}`);
      own.push({ path: here, file: entry.file, forCustomers: insideGuard || here.startsWith('/resources/') });
    }
    return [...own, ...formActions(entry.children ?? [], here, insideGuard)];
  });
}

function joinPath(parent: string, child: string): string {
  return child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;
}

const actionExport = /^export\s+(?:async\s+)?function\s+action\b|^export\s+const\s+action\b/m;
const sources = new Map<string, boolean>();

function exportsAction(file: string): boolean {
  if (!sources.has(file)) sources.set(file, actionExport.test(readFileSync(path.join(appDir, file), 'utf8')));
  return sources.get(file)!;
}

export interface RenderedField {
  name: string;
  /** The value the page put in it (hidden inputs, options); empty for what the visitor types. */
  value: string;
  /** The visitor types or picks it: text, email, password, tel, textarea, select, checkbox, radio. */
  typed: boolean;
}

/**
 * The fields of each POST form in a server-rendered page that posts to `action`, as a browser would
 * send them: inputs inside the form and those that name it with `form="…"`.
 */
export function renderedForms(html: string, action: string): RenderedField[][] {
  const forms = [...html.matchAll(/<form\b([^>]*)>/g)].flatMap((match) => {
    const attributes = match[1] ?? '';
    if (!/\bmethod="post"/i.test(attributes)) return [];
    const target = attribute(attributes, 'action');
    if (target !== null && target !== action) return [];
    const start = match.index;
    const end = html.indexOf('</form>', start);
    return [{ id: attribute(attributes, 'id'), start, end: end === -1 ? html.length : end }];
  });
  const fields = forms.map((): RenderedField[] => []);
  for (const match of html.matchAll(/<(input|textarea|select)\b([^>]*)>/g)) {
    const attributes = match[2] ?? '';
    const name = attribute(attributes, 'name');
    if (!name) continue;
    const owner = attribute(attributes, 'form');
    const index = forms.findIndex((form) =>
      owner ? form.id === owner : form.start < match.index && match.index < form.end,
    );
    if (index === -1) continue;
    const type = match[1] === 'input' ? (attribute(attributes, 'type') ?? 'text') : match[1]!;
    if (type === 'submit' || type === 'button') continue;
    fields[index]!.push({
      name,
      value: decodeEntities(attribute(attributes, 'value') ?? ''),
      typed: type !== 'hidden',
    });
  }
  return fields.filter((form) => form.length > 0);
}

function attribute(attributes: string, name: string): string | null {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`, 'i').exec(attributes)?.[1] ?? null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
