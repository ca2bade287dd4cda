import { describe, expect, it } from 'vitest';
import { animation, SCROLL_DELAY_MS, scrollOffset, scrollTargetTop } from './scroll';

function page(targets: Record<string, number>, width: number, scrollY = 0) {
  const doc = {
    getElementById: (id: string) =>
      id in targets ? { getBoundingClientRect: () => ({ top: targets[id]! - scrollY }) } : null,
  } as unknown as Document;
  return { doc, win: { innerWidth: width, scrollY } as unknown as Window };
}

describe('navigation scrolling', () => {
  it('waits 500 ms and leaves 64 px for the header up to 600 px wide, 94 px above that', () => {
    expect(SCROLL_DELAY_MS).toBe(500);
    expect(scrollOffset(390)).toBe(64);
    expect(scrollOffset(600)).toBe(64);
    expect(scrollOffset(601)).toBe(94);
  });

  it('scrolls to the hash target below the header, wherever the page stands now', () => {
    const phone = page({ faq: 1000 }, 390, 300);
    expect(scrollTargetTop('#faq', phone.doc, phone.win)).toBe(1000 - 64);
    const desktop = page({ 'häufige-fragen': 1000 }, 1280);
    expect(scrollTargetTop('#h%C3%A4ufige-fragen', desktop.doc, desktop.win)).toBe(1000 - 94);
  });

  it('scrolls to the top without a hash, for a hash naming nothing, and never above it', () => {
    const { doc, win } = page({ top: 20 }, 1280);
    expect(scrollTargetTop('', doc, win)).toBe(0);
    expect(scrollTargetTop('#missing', doc, win)).toBe(0);
    expect(scrollTargetTop('#top', doc, win)).toBe(0);
  });

  it('animates sections only from 700 px, for 800 ms, 100 px before they come into view', () => {
    expect(animation).toEqual({ minWidth: 700, durationMs: 800, offsetPx: 100 });
  });
});
