import type { Page } from '@playwright/test';
import { expect } from './test';

export interface ErrorScreenExpectation {
  heading: string;
  text: string;
  /** The heading's computed colour, the brand's, e.g. `rgb(197, 0, 20)`. */
  colour: string;
  back: string;
  home: string;
}

/** The error screen (docs/rules/content-and-navigation.md#error-screen) as the visitor sees it. */
export async function expectErrorScreen(page: Page, expected: ErrorScreenExpectation): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.locator('svg').first(), 'the oops icon').toBeVisible();
  const heading = main.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(expected.heading);
  // The document is named too, for tabs, history and screen readers, with the brand where it is known.
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(expected.heading)}( – .+)?$`));
  await expect(heading).toHaveCSS('color', expected.colour);
  await expect(main.getByText(expected.text, { exact: true })).toBeVisible();
  const back = main.getByRole('link', { name: expected.back, exact: true });
  await expect(back).toHaveAttribute('href', expected.home);
  expect((await back.boundingBox())?.width).toBe(293);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
