import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

/**
 * Keyboard-only use (docs/decisions/0013-accessibility-gates.md): every step moves focus with Tab or
 * Shift+Tab and checks that the focused element shows it, so a journey built from these fails where a
 * keyboard user would lose track.
 */

interface FocusReport {
  /** The focused element, for messages: tag, id or class, and its text. */
  element: string;
  /** Focus is on a control of the page, not on the document itself (or outside it). */
  inPage: boolean;
  /** An outline or a box shadow marks it. */
  indicated: boolean;
  /** It lies inside the viewport, and nothing (a sticky header, say) covers its middle. */
  unobscured: boolean;
  /** Where it is and what is on top of its middle, for the message when it is covered. */
  position: string;
}

function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) {
      return { element: 'the document', inPage: false, indicated: false, unobscured: false, position: '' };
    }
    const style = getComputedStyle(active);
    const box = active.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inViewport = box.width > 0 && box.height > 0 && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    const hit = inViewport ? document.elementFromPoint(x, y) : null;
    const name = active.id ? `#${active.id}` : active.className ? `.${String(active.className).split(' ')[0]}` : '';
    const text = (active.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${active.tagName.toLowerCase()}${name}${text ? ` "${text}"` : ''}`,
      inPage: true,
      indicated: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
      unobscured: hit !== null && (hit === active || active.contains(hit) || hit.contains(active)),
      position: `at ${Math.round(x)},${Math.round(y)} of ${innerWidth}×${innerHeight}, under ${hit?.tagName.toLowerCase() ?? 'nothing'}.${hit?.className ?? ''}`,
    };
  });
}

/**
 * The focused element is marked (WCAG 2.4.7) and can be seen. Retried for a moment: leaving a field
 * may show its message, which moves the page after the browser scrolled the next control into view.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  await expect(async () => {
    const focus = await focusReport(page);
    expect(focus.inPage, 'focus is on a control of the page').toBe(true);
    expect(focus.indicated, `${focus.element} has a focus outline`).toBe(true);
    expect(focus.unobscured, `${focus.element} is in view and not covered (${focus.position})`).toBe(true);
  }).toPass({ timeout: 2_000 });
}

/** Tab (Shift+Tab with `backwards`), then the newly focused element must show its focus. */
export async function pressTab(page: Page, { backwards = false } = {}): Promise<void> {
  await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expectVisibleFocus(page);
}

/** Tabs forward until `target` has focus, checking every stop on the way; `limit` presses at most. */
export async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  const stops: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await pressTab(page);
    stops.push((await focusReport(page)).element);
  }
  expect(
    await target.evaluate((element) => element === document.activeElement),
    `Tab reached the target; passed ${stops.join(', ')}`,
  ).toBe(true);
}

/**
 * On a freshly loaded page the first Tab reaches the skip link, which shows itself, and Enter on it
 * moves focus to the main content (WCAG 2.4.1), from where Tab goes on inside it.
 */
export async function expectSkipLinkToMain(page: Page): Promise<void> {
  await pressTab(page);
  const skipLink = page.getByRole('link', { name: /^(Zum Inhalt springen|Skip to content)$/ });
  await expect(skipLink).toBeFocused();
  await skipLink.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await pressTab(page);
  expect(
    await page.getByRole('main').evaluate((main) => main.contains(document.activeElement)),
    'Tab after the skip link stays in the main content',
  ).toBe(true);
}

/**
 * No keyboard trap (WCAG 2.1.2): from the focused control, Tab (Shift+Tab with `backwards`) goes on
 * through the controls of the page, each one visibly focused, and comes round again to where it
 * started (Chromium passes through the browser's own controls, outside the page, on the way round).
 * Backwards matters: the browser then scrolls each control to the top of the window, where a sticky
 * header could cover it.
 */
export async function expectNoKeyboardTrap(page: Page, { backwards = false } = {}): Promise<void> {
  const start = await page.evaluateHandle(() => document.activeElement);
  const isStart = () => page.evaluate((element) => element === document.activeElement, start);
  const controls = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
      ).length,
  );
  const stops: string[] = [];
  // Every control once and the way out of the page; a radio group is one stop, not several.
  for (let presses = 0; presses <= controls + 1; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusReport(page);
    stops.push(focus.element);
    if (!focus.inPage) continue;
    await expectVisibleFocus(page);
    if (await isStart()) break;
  }
  expect(await isStart(), `${backwards ? 'Shift+Tab' : 'Tab'} comes round: ${stops.join(' → ')}`).toBe(true);
  await start.dispose();
}

/**
 * A form sent with mistakes announces them (WCAG 3.3.1, 4.1.3): focus is on the first field in
 * error, which is marked invalid and described by its message, and the message sits in a live region
 * (or is an alert), so a screen reader reads it out.
 */
export async function expectFocusOnAnnouncedError(page: Page, message: string | RegExp): Promise<void> {
  const field = page.locator(':focus');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const announced = await field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((description) => description?.closest('[aria-live], [role="alert"], [role="status"]'))
      .map((description) => description?.textContent?.trim() ?? ''),
  );
  expect(announced, 'the message is in a live region').toContainEqual(expect.stringMatching(message));
  await expectVisibleFocus(page);
}
