// What other features may use of content and that is safe in the browser (docs/decisions/0025).
export { contentPagePath } from './content-links';
