import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';
import {
  createDiscoveryBudget,
  discoveredPaths,
  discoversAhead,
  maxPathSegments,
  pathSegments,
} from './routing-limits';

/** Every route's whole path, its parents' paths joined in. */
function wholePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent;
    return [path || '/', ...wholePaths(entry.children ?? [], path)];
  });
}

describe('the bounds of routing work', () => {
  it('leave room beyond the deepest route of the route table', async () => {
    const paths = wholePaths(await routes);
    expect(paths.length).toBeGreaterThan(100);
    const deepest = Math.max(...paths.map(pathSegments));
    expect(deepest).toBeGreaterThanOrEqual(4);
    expect(deepest * 2).toBeLessThanOrEqual(maxPathSegments);
  });

  it('count a path’s segments', () => {
    expect(pathSegments('/')).toBe(1);
    expect(pathSegments('/de/faq')).toBe(2);
    expect(pathSegments(`/de${'/a'.repeat(8000)}`)).toBe(8001);
  });

  it('count the distinct paths a route discovery request names, as React Router reads them', () => {
    const url = (paths: string) => new URL(`http://localhost/__manifest?version=1&paths=${paths}`);
    expect(discoveredPaths(url('/de,/de/faq,/de/faq,,'))).toBe(2);
    expect(discoveredPaths(new URL('http://localhost/__manifest?version=1'))).toBe(0);
    expect(discoveredPaths(url(Array.from({ length: 300 }, (_, i) => i).join(',')))).toBe(300);
  });

  it('count only discovery ahead of time against a budget, never a link followed with its parents', () => {
    expect(discoversAhead(maxPathSegments)).toBe(false);
    expect(discoversAhead(maxPathSegments + 1)).toBe(true);
  });

  it('give each client a budget of discovered paths per window', () => {
    const budget = createDiscoveryBudget({ paths: 300, windowMs: 10_000 });
    expect(budget.take('203.0.113.5', 256, 0)).toBe(true);
    expect(budget.take('203.0.113.5', 44, 1_000)).toBe(true);
    expect(budget.take('203.0.113.5', 1, 2_000)).toBe(false);
    // Another client counts on its own, and the next window starts again.
    expect(budget.take('2001:db8:1:2::/64', 256, 2_000)).toBe(true);
    expect(budget.take('203.0.113.5', 256, 10_000)).toBe(true);
  });
});
