import { addCatalogues } from '../translate';
import { de } from './de';
import { en } from './en';

/**
 * Every message, the back office's included, added to the catalogues on import: the server
 * (app/entry.server.tsx), the tests (tests/support/vitest-setup.ts) and, in the browser, the back office's layout.
 * The customer's pages bring only their own (customer.ts).
 */
addCatalogues({ de, en });
