import { useEffect, useRef } from 'react';
import { useLocation, useNavigation, useNavigationType } from 'react-router';
import { startBuildWatch, type BuildWatch } from '~/platform/build-watch';
import { animation, SCROLL_DELAY_MS, scrollTargetTop } from '~/ui/scroll';

/** Browser-only behaviour of every page: build watch, navigation scrolling, scroll animations. */
export function ClientRuntime({ buildId }: { buildId: string }) {
  useNewBuildReload(buildId);
  useNavigationScroll();
  useScrollAnimations();
  return null;
}

/**
 * After a deployment, the next page the visitor goes to is loaded from the server in full: links
 * are handled by the build watch itself; any other client-side page load (a GET form, a redirect
 * after an action) is caught here as it starts. A POST still completes as it is: a repeated
 * submission could act twice.
 */
function useNewBuildReload(buildId: string) {
  const watch = useRef<BuildWatch | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    const started = startBuildWatch(buildId);
    watch.current = started;
    return started.stop;
  }, [buildId]);
  useEffect(() => {
    if (navigation.state !== 'loading' || !watch.current?.hasNewBuild()) return;
    const { pathname, search, hash } = navigation.location;
    window.location.assign(`${pathname}${search}${hash}`);
  }, [navigation.state, navigation.location]);
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * After a navigation: back/forward restores the old position at once; anything else scrolls
 * smoothly to the hash target or the top after 500 ms, leaving room for the header.
 */
function useNavigationScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const saved = positions.current;
    const key = location.key;
    const remember = () => saved.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });

    if (firstRender.current) {
      firstRender.current = false;
      if (!location.hash) return () => window.removeEventListener('scroll', remember);
    }
    if (navigationType === 'POP' && saved.has(key)) {
      window.scrollTo({ top: saved.get(key) ?? 0 });
      return () => window.removeEventListener('scroll', remember);
    }
    const timer = window.setTimeout(() => {
      window.scrollTo({
        top: scrollTargetTop(location.hash, document, window),
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
    }, SCROLL_DELAY_MS);
    // A visitor who acts within the delay has taken over: after the skip link, say, Tab has already
    // brought the next control into view, and a late scroll would carry it out of sight (WCAG 2.4.7).
    const takeOver = () => window.clearTimeout(timer);
    const userInput = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const type of userInput) window.addEventListener(type, takeOver, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', remember);
      for (const type of userInput) window.removeEventListener(type, takeOver);
    };
  }, [location.key, location.hash, navigationType]);
}

/**
 * Fades in sections marked `data-animate` once, as they come into view. Web views carry no such
 * attributes; small screens and reduced motion get no animation at all.
 */
function useScrollAnimations() {
  const { pathname } = useLocation();
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${animation.minWidth}px)`).matches;
    if (!wide || prefersReducedMotion() || !('IntersectionObserver' in window)) return;
    const root = document.documentElement;
    root.classList.add('animations-on');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add('is-visible');
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: `0px 0px -${animation.offsetPx}px 0px` },
    );
    document.querySelectorAll('[data-animate]:not(.is-visible)').forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [pathname]);
}
