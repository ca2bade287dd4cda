import { addCatalogues } from '../translate';
import { de } from './de';
import { en } from './en';

/**
 * Every message, added to the catalogues on import. The server (app/entry.server.tsx) and the tests
 * (vitest.config.ts) load it at start; in the browser the form kit and the layouts and routes beyond
 * the public content pages import it, so those pages bring it along (docs/decisions/0014).
 */
addCatalogues({ de, en });
