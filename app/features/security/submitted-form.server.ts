import { createContext, type RouterContextProvider } from 'react-router';

const submittedFormContext = createContext<FormData | null>(null);

/**
 * The request's form, parsed once per request. The CSRF middleware reads it before any action runs
 * (to check the token), and the action takes the same form from here instead of parsing the body a
 * second time. It reads from a clone: React Router builds the action's request from the original,
 * whose body must still be unread. A body that is no form reads as an empty one, which every
 * action refuses like a form with its fields missing.
 */
export async function submittedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const read = context.get(submittedFormContext);
  if (read) return read;
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  context.set(submittedFormContext, form);
  return form;
}
