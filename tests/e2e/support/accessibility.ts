import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from './test';

/** The rule sets of the accessibility gate (docs/decisions/0013-accessibility-gates.md): WCAG 2.0 and 2.1, A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A phone and a laptop: every scan runs at both widths, since layout and colours change between them. */
export const scanViewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const runOptions: RunOptions = {
  runOnly: { type: 'tag', values: wcagTags },
  // Only violations are read: passes and inapplicable rules need not be gathered and sent over.
  resultTypes: ['violations'],
};

/**
 * Every WCAG 2.1 A/AA violation axe finds on the page as it is now, one line per element:
 * rule, impact, selector and axe's own summary (for contrast: the colours and the ratio).
 *
 * axe-core runs in the page itself (`axe.run`; the app has no frames), put there once per document
 * rather than twice per scan as @axe-core/playwright does: the injection took as long as the scan.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    runOptions,
  );
  return violations.flatMap(({ id, impact, help, nodes }) =>
    nodes.map(
      (node) =>
        `${id} (${impact ?? 'unknown'}) ${node.target.join(' ')}: ${help}. ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * Zero violations on the page as it is now; the message names the state and the address. A soft
 * assertion: a test that scans several widths or pages reports all of them, and fails at its end.
 */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { pathname, search } = new URL(page.url());
  expect
    .soft(await accessibilityViolations(page), `WCAG 2.1 A/AA violations: ${state} at ${pathname}${search}`)
    .toEqual([]);
}

/**
 * Zero violations at the width of a phone and of a laptop, the page resized in between (not
 * reloaded, so a state such as an open dialog or a list of suggestions stays). The laptop size
 * comes last, the size other tests start from.
 *
 * Also reflow (WCAG 1.4.10), which axe cannot see: the page itself never scrolls sideways; a wide
 * table scrolls in a box of its own.
 */
export async function expectNoViolationsAtEveryWidth(page: Page, state: string): Promise<void> {
  for (const { name, width, height } of scanViewports) {
    await page.setViewportSize({ width, height });
    const where = `${state}, ${name} (${width} px)`;
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect
      .soft(pageWidth, `the page scrolls sideways: ${where} at ${new URL(page.url()).pathname}`)
      .toBeLessThanOrEqual(width);
    await expectNoViolations(page, where);
  }
}
