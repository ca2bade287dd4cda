/** The registration form's salutations; apart from the schema, because the form shows them before zod is loaded. */
export const salutations = ['ms', 'mr', 'diverse', 'none'] as const;
