import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on a narrow screen, so that the page itself does not
 * (WCAG 1.4.10). It takes focus, so that keyboard users can scroll it too (WCAG 2.1.1, axe's
 * `scrollable-region-focusable`); a focusable box needs a name, so it is a region named like its table.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
