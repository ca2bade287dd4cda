import { createContext, data, type RouterContextProvider } from 'react-router';
import { requestContext } from '~/context';
import { formShapeViolation } from './form-shape';

const submittedFormContext = createContext<FormData | null>(null);

/**
 * The request's form, read once per request and only when it has the shape of a form of ours
 * (form-shape.ts). The CSRF middleware reads it before any action runs (to check the token), so a
 * body that is no form, or one beyond the limits, is refused with a 400 and the error screen before
 * any action sees it; the action takes the same form from here instead of reading the body a second
 * time. It reads from a clone: React Router builds the action's request from the original, whose
 * body must still be unread.
 */
export async function submittedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const read = context.get(submittedFormContext);
  if (read) return read;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const violation = form ? formShapeViolation(form) : 'unreadable';
  if (!form || violation) {
    // What was wrong, never what was sent: the body may carry anything.
    context.get(requestContext).logger.info({ violation }, 'form refused');
    throw data({ message: 'form.refused' }, { status: 400 });
  }
  context.set(submittedFormContext, form);
  return form;
}
