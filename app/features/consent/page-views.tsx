import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { createTracker, type AnalyticsConfig } from '~/platform/analytics';
import { useConsent } from './consent-context';
import { isOutsideConsent } from './consent-request';

/**
 * Sends a page view after every navigation (the first page included) once the visitor has
 * accepted, and nothing at all before that: the tracker does not even exist without consent.
 * Accepting counts the page the visitor is on. Not counted: a change of the hash only, and a
 * replace of the URL that keeps the path (a page updating its own query string).
 */
export function PageViews({ config }: { config: AnalyticsConfig | null }) {
  const { choice } = useConsent();
  const location = useLocation();
  const navigationType = useNavigationType();
  const allowed = choice === 'accepted' && !isOutsideConsent(location.pathname, location.search);
  const tracker = useMemo(() => (allowed ? createTracker(config) : null), [allowed, config]);
  const tracked = useRef(new Set<string>());
  const lastSeen = useRef<{ key: string; pathname: string; search: string } | null>(null);

  useEffect(() => {
    const before = lastSeen.current;
    lastSeen.current = { key: location.key, pathname: location.pathname, search: location.search };
    if (!tracker || tracked.current.has(location.key)) return;
    const navigated = before !== null && before.key !== location.key;
    const samePage =
      navigated &&
      before.pathname === location.pathname &&
      (before.search === location.search || navigationType === 'REPLACE');
    if (samePage) return;
    tracked.current.add(location.key);
    tracker.pageView({ path: location.pathname, title: document.title });
  }, [tracker, location.key, location.pathname, location.search, navigationType]);

  return null;
}
