import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every reference to a document resolves inside the repository, and the rules a comment leans on are
 * cited by their repository path (docs/rules/README.md): a comment that names "the specification",
 * "the product rules", a numbered section or an issue without such a path points at nothing a reader
 * can open.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scannedFolders = ['app', 'server', 'tests', 'docs', 'scripts', 'bench'];
const scannedFiles = ['README.md'];
const textFile = /\.(ts|tsx|mjs|js|md)$/;
const codeFile = /\.(ts|tsx|mjs|js)$/;
const skippedFolders = new Set(['node_modules', 'build', '.react-router', 'migrations']);
const thisFile = relative(root, fileURLToPath(import.meta.url));

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder)) {
    if (skippedFolders.has(entry)) continue;
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else if (textFile.test(entry)) found.push(path);
  }
  return found;
}

const files = [
  ...scannedFolders.flatMap((folder) => filesUnder(join(root, folder))),
  ...scannedFiles.map((file) => join(root, file)).filter((file) => existsSync(file)),
].map((file) => relative(root, file));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Reference {
  from: string;
  line: number;
  text: string;
  /** Repository-relative path of the target; an anchor when the reference names one. */
  target: string;
  anchor?: string;
}

const repositoryPath = /(?<![\w./-])docs\/[\w./-]*\w(?:#[\w-]+)?/g;
const markdownLink = /\]\(([^)\s]+)\)/g;

function referencesIn(file: string): Reference[] {
  const references: Reference[] = [];
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((text, index) => {
    const line = index + 1;
    for (const [match] of text.matchAll(repositoryPath)) {
      const [path, anchor] = match.split('#') as [string, string | undefined];
      // `docs/decisions/0007` names a decision by its number.
      const decision = /^docs\/decisions\/(\d{4})$/.exec(path);
      if (decision) {
        const named = readdirSync(join(root, 'docs/decisions')).find((name) => name.startsWith(`${decision[1]}-`));
        references.push({ from: file, line, text: match, target: named ? `docs/decisions/${named}` : path });
        continue;
      }
      if (!/\.(md|svg)$/.test(path)) continue;
      references.push({ from: file, line, text: match, target: path, anchor });
    }
    if (!file.endsWith('.md')) return;
    for (const [, link] of text.matchAll(markdownLink)) {
      if (/^[a-z]+:/i.test(link!)) continue;
      const [path, anchor] = link!.split('#') as [string, string | undefined];
      const target = path ? relative(root, resolve(root, dirname(file), path)) : file;
      references.push({ from: file, line, text: link!, target, anchor });
    }
  });
  return references;
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(join(root, file), 'utf8'));
    anchorsByFile.set(file, anchors);
  }
  return anchors;
}

/** Why a reference does not resolve, or null when it does. */
function brokenBecause(reference: Reference): string | null {
  const path = join(root, reference.target);
  if (!existsSync(path)) return `${reference.target} does not exist`;
  if (!reference.anchor) return null;
  if (!reference.target.endsWith('.md')) return `${reference.target} has no headings to point into`;
  if (!anchorsOf(reference.target).has(reference.anchor)) return `${reference.target} has no #${reference.anchor}`;
  return null;
}

/** A rule cited from outside the repository: the source has to be a path a reader can open. */
const citations: { name: string; pattern: RegExp; evenWithPath?: boolean }[] = [
  { name: 'the specification', pattern: /\b(specification|spezifikation)\b|\bspec\b,? *(section|§)/i },
  { name: 'the product rules', pattern: /\bproduct[ -]rules\b/i },
  { name: 'a numbered section', pattern: /\bsections? +\d/i },
  { name: 'a paragraph sign', pattern: /§/ },
  { name: 'an issue number', pattern: /\bissue +#?\d+/i, evenWithPath: true },
];

/** Whether a line is, or ends in, a comment; `state` carries an open block comment to the next line. */
function isCommentLine(text: string, state: { inBlock: boolean }): boolean {
  const trimmed = text.trim();
  if (state.inBlock) {
    if (trimmed.includes('*/')) state.inBlock = false;
    return true;
  }
  const opens = trimmed.match(/^\{?\/\*/) !== null || / \/\*/.test(text);
  if (opens) {
    if (!trimmed.includes('*/')) state.inBlock = true;
    return true;
  }
  return trimmed.startsWith('//') || / \/\/ /.test(text);
}

interface Citation {
  line: number;
  cites: string;
  text: string;
}

/** Citations in a source file whose comment block (or line, outside comments) names no docs/ path. */
function unresolvedCitations(source: string): Citation[] {
  const lines = source.split('\n');
  const state = { inBlock: false };
  const comment = lines.map((text) => isCommentLine(text, state));
  return lines.flatMap((text, index) => {
    // A comment block is the run of comment lines around this one; other lines stand alone.
    let first = index;
    let last = index;
    if (comment[index]) {
      while (first > 0 && comment[first - 1]) first--;
      while (last < lines.length - 1 && comment[last + 1]) last++;
    }
    const hasPath = /(?<![\w./-])docs\/[\w./-]*\w/.test(lines.slice(first, last + 1).join('\n'));
    return (
      citations
        .filter(({ pattern }) => pattern.test(text))
        // A paragraph sign outside a comment is the site's own text (a legal notice), not a citation.
        .filter(({ name }) => name !== 'a paragraph sign' || comment[index])
        .filter(({ evenWithPath }) => !hasPath || evenWithPath)
        .map(({ name }) => ({ line: index + 1, cites: name, text: text.trim() }))
    );
  });
}

describe('document references', () => {
  const references = files.flatMap(referencesIn);

  it('finds the references it is meant to check', () => {
    expect(references.some((reference) => reference.target.startsWith('docs/rules/') && reference.anchor)).toBe(true);
    expect(references.some((reference) => reference.target.startsWith('docs/decisions/'))).toBe(true);
  });

  it('resolve to a file, and to a heading when they name one', () => {
    const broken = references
      .map((reference) => ({ reference, problem: brokenBecause(reference) }))
      .filter(({ problem }) => problem !== null)
      .map(({ reference, problem }) => `${reference.from}:${reference.line} ${reference.text}: ${problem}`);
    expect(broken).toEqual([]);
  });

  it('cite rules by their path in the repository, never by an issue number', () => {
    const unresolved = files
      .filter((file) => codeFile.test(file) && file !== thisFile)
      .filter((file) => !file.startsWith('docs/'))
      .flatMap((file) =>
        unresolvedCitations(readFileSync(join(root, file), 'utf8')).map(
          ({ line, cites, text }) => `${file}:${line} cites ${cites} without a docs/ path: ${text}`,
        ),
      );
    expect(unresolved).toEqual([]);
  });
});

describe('heading anchors', () => {
  it('follow GitHub: lower case, punctuation dropped, repeats numbered', () => {
    const anchors = headingAnchors(
      '# Contract, tariffs\n## Notice period\n```\n# not a heading\n```\n## Notice period\n',
    );
    expect([...anchors]).toEqual(['contract-tariffs', 'notice-period', 'notice-period-1']);
  });
});

describe('citation check', () => {
  it('flags a comment that names the product rules without a path, and accepts one with a path', () => {
    expect(citationsOf('/** Passwords (product rules): 12 to 128 characters. */\nconst x = 1;')).toEqual([
      'the product rules',
    ]);
    expect(
      citationsOf(
        '/**\n * Passwords (docs/rules/accounts.md#passwords):\n * as the product rules say.\n */\nconst x = 1;',
      ),
    ).toEqual([]);
  });

  it('flags an issue number even next to a path', () => {
    expect(citationsOf('// Issue 4 asks for it (docs/rules/accounts.md#sessions).')).toEqual(['an issue number']);
  });
});

function citationsOf(source: string): string[] {
  return unresolvedCitations(source).map(({ cites }) => cites);
}

describe('decision records', () => {
  const folder = join(root, 'docs/decisions');
  const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
  const index = readFileSync(join(folder, 'README.md'), 'utf8');
  const status = /^Status: (accepted|(superseded|amended) by \d{4}((, \d{4})* and \d{4})?)$/;

  it.each(records)('%s starts with its status and date, and names records that exist', (name) => {
    const head = readFileSync(join(folder, name), 'utf8').split('\n').slice(0, 5);
    const statusLine = head.find((line) => line.startsWith('Status:'));
    expect(statusLine).toMatch(status);
    expect(head.find((line) => line.startsWith('Date:'))).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    for (const [number] of statusLine!.matchAll(/\d{4}/g)) {
      expect(records.some((record) => record.startsWith(`${number}-`))).toBe(true);
    }
  });

  it.each(records)('%s has a row in the index with the same status and date', (name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    const recordStatus = /^Status: (.*)$/m.exec(text)?.[1];
    const recordDate = /^Date: (.*)$/m.exec(text)?.[1];
    const row = index.split('\n').find((line) => line.includes(`](${name})`));
    expect(row).toBeDefined();
    const cells = row!.split('|').map((cell) => cell.trim());
    expect(cells).toContain(recordStatus);
    expect(cells).toContain(recordDate);
  });
});
