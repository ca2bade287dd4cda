/** Names of the hidden fields every form carries; shared by the form component and the server check. */
export const csrfFieldName = 'csrf';
export const honeypotFieldName = 'website';
