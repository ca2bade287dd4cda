import { addCatalogues } from '../translate';
import { de } from './de';
import { en } from './en';

/**
 * Every message, added to the catalogues on import. The server (app/entry.server.tsx) and the tests
 * (vitest.config.ts) load it at start; in the browser the form kit and the layouts import it: the
 * self-service and terminal layouts, and the pathless layout app/routes.ts puts
 * over every page the route table marks `messages: 'all'` (app/ui/layouts/all-messages-layout.tsx).
 * A page's own route module never does (docs/decisions/0014). Public
 * form pages get it with their form's chunk, which is hydrated only once the chunk has added these
 * messages, so hydration sees the server's text (app/ui/form/deferred-form.tsx, docs/decisions/0016).
 */
addCatalogues({ de, en });
