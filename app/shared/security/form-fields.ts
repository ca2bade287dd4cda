/** Names of the hidden fields every form carries; shared by the form component and the server check. */
export const csrfFieldName = 'csrf';
export const honeypotFieldName = 'website';
/** Names the form a submission came from, so that a form refused for its token comes back to the same form. */
export const formIdFieldName = 'form-id';
