import { addCatalogues } from '../translate';
import { de } from './de';
import { en } from './en';

/**
 * Every message, added to the catalogues on import. The server (app/entry.server.tsx) and the tests
 * (vitest.config.ts) load it at start; in the browser the form kit and the layouts and routes beyond
 * the public content pages import it, so those pages bring it along (docs/decisions/0014). Public
 * form pages get it with their form's chunk, which is hydrated only once the chunk has added these
 * messages, so hydration sees the server's text (app/ui/form/deferred-form.tsx, docs/decisions/0016).
 */
addCatalogues({ de, en });
