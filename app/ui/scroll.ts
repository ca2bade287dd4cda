/** Navigation scrolling (docs/rules/content-and-navigation.md#scrolling). */
export const SCROLL_DELAY_MS = 500;

/** Room left for the sticky header above a scroll target. */
export function scrollOffset(viewportWidth: number): number {
  return viewportWidth <= 600 ? 64 : 94;
}

/** Where to scroll for a hash (or the top when there is none or it names nothing). */
export function scrollTargetTop(hash: string, doc: Document, win: Window): number {
  const id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
  const target = id ? doc.getElementById(id) : null;
  if (!target) return 0;
  return Math.max(0, target.getBoundingClientRect().top + win.scrollY - scrollOffset(win.innerWidth));
}

/** Scroll animations (AOS-like fade-in): off on small screens and for reduced motion. */
export const animation = { minWidth: 700, durationMs: 800, offsetPx: 100 } as const;
