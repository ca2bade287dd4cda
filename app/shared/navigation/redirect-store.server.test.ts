import { describe, expect, it } from 'vitest';
import { redirects } from '~/db/schema';
import { createTestDatabase } from '../../../tests/support/test-databases';
import { createRedirectStore } from './redirect-store.server';

describe('the redirect table', () => {
  it('is read once per TTL, once for requests that find it out of date together', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const { db } = database.handle;
      let reads = 0;
      const counting = new Proxy(db, {
        get(target, property, receiver) {
          if (property === 'select') reads++;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      let time = 0;
      const store = createRedirectStore(counting, 60_000, () => time);
      await db.insert(redirects).values({ source: '/alt', target: '/de/faq', permanent: true });
      const answers = await Promise.all(Array.from({ length: 10 }, () => store.rules()));
      expect(answers.every((rules) => rules.length === 1 && rules[0]!.target === '/de/faq')).toBe(true);
      expect(reads).toBe(1);
      time = 59_999;
      await store.rules();
      expect(reads).toBe(1);
      time = 60_000;
      await Promise.all([store.rules(), store.rules()]);
      expect(reads).toBe(2);
    } finally {
      await database.dispose();
    }
  });
});
