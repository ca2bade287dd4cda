// What the back office's pages use of the customer lookup in the browser: the search form's fields.
export { searchFields, type SearchField } from './search-fields';
