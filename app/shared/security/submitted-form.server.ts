import { createContext, data, type RouterContextProvider } from 'react-router';
import { uploadLimits } from '~/config/uploads';
import { formLimits } from '~/config/form-limits';
import { pageContext, requestContext } from '~/context';
import { acceptsFiles } from '~/i18n/route-table';
import { formShapeViolation } from './form-shape';
import { MultipartRefused, multipartBoundary, readMultipart, type UploadedFile } from './multipart.server';

export type { UploadedFile } from './multipart.server';

const submittedFormContext = createContext<FormData | null>(null);
const submittedFilesContext = createContext<UploadedFile[]>([]);

/**
 * The request's form, read once per request and only when it has the shape of a form of ours
 * (form-shape.ts). The CSRF middleware reads it before any action runs (to check the token), so a
 * body that is no form, or one beyond the limits, is refused with a 400 and the error screen before
 * any action sees it; the action takes the same form from here instead of reading the body a second
 * time. It reads from a clone: React Router builds the action's request from the original, whose
 * body must still be unread.
 *
 * A page whose route-table entry says `acceptsFiles` may send `multipart/form-data` with files: its
 * body is read as it streams in, with the limits of app/config/uploads.ts
 * (docs/decisions/0032-vehicle-damage-reports-and-photos.md), and not cloned (a clone would hold the
 * whole body in memory for a copy nobody reads); its files are in `submittedFiles`. Every other page
 * refuses a file.
 */
export async function submittedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const read = context.get(submittedFormContext);
  if (read) return read;
  const pageId = context.get(pageContext).pageId;
  const contentType = request.headers.get('content-type');
  const form =
    pageId && acceptsFiles(pageId) && multipartBoundary(contentType)
      ? await withFiles(request, contentType, context)
      : await request
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

/** The files of the request's form (only a page that accepts files has any), after `submittedForm`. */
export function submittedFiles(context: Readonly<RouterContextProvider>): UploadedFile[] {
  return context.get(submittedFilesContext);
}

async function withFiles(
  request: Request,
  contentType: string | null,
  context: Readonly<RouterContextProvider>,
): Promise<FormData | null> {
  try {
    const { form, files } = await readMultipart(request.body, contentType, {
      ...uploadLimits,
      valueLength: formLimits.valueLength,
    });
    context.set(submittedFilesContext, files);
    return form;
  } catch (error) {
    if (!(error instanceof MultipartRefused)) throw error;
    context.get(requestContext).logger.info({ violation: error.reason }, 'upload refused');
    if (error.reason === 'body-too-large') throw data({ message: 'form.refused' }, { status: 413 });
    return null;
  }
}
