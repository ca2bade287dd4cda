import { z } from 'zod';

/**
 * Zod for every schema of the app. Its fast path compiles parsers with `new Function`, which our CSP
 * forbids in the browser, and merely probing for it there logs a CSP violation (Lighthouse's best
 * practices count it). Parsing a form is not hot enough to want the fast path on the server either.
 * Must run before any schema is built, hence one module that every schema imports zod from.
 */
z.config({ jitless: true });

export { z };
