import { addCatalogues } from '../translate';
import { customerDe } from './customer.de';
import { customerEn } from './customer.en';

/**
 * The customer side's messages beyond the general ones (forms, accounts, self-service, reports),
 * added to the catalogues on import. In the browser the form kit, the terminal's layout and the
 * pathless layout app/routes.ts puts over every page the route table marks `messages: 'all'`
 * (app/ui/layouts/all-messages-layout.tsx) bring them; a page's own route module never does
 * (docs/decisions/0014). Public form pages get them with their form's chunk, which is hydrated only
 * once the chunk has added these messages, so hydration sees the server's text
 * (app/ui/form/deferred-form.tsx, docs/decisions/0016). The back office's messages come only with its
 * layout (complete.ts), so a customer's browser never loads them.
 */
addCatalogues({ de: customerDe, en: customerEn });
