import { createContext, data, type RouterContextProvider } from 'react-router';
import { uploadLimits } from '~/config/uploads';
import { formLimits } from '~/config/form-limits';
import { requestContext } from '~/context';
import { formShapeViolation } from './form-shape';
import { MultipartRefused, readMultipart, type MultipartRefusal, type UploadedFile } from './multipart.server';

export type { UploadedFile } from './multipart.server';

const submittedFormContext = createContext<FormData | null>(null);
/** A URL-encoded body the HTTP server has already read, as the form `request.formData()` would give. */
const urlEncodedContext = createContext<FormData | null>(null);
/** What the HTTP server read of an upload before the app saw the request (`readUpload`). */
const uploadContext = createContext<{ files: UploadedFile[] } | { refused: MultipartRefusal } | null>(null);

/**
 * The request's form, read once per request and only when it has the shape of a form of ours
 * (form-shape.ts). The CSRF middleware reads it before any action runs (to check the token), so a
 * body that is no form, or one beyond the limits, is refused with a 400 and the error screen before
 * any action sees it; the action takes the same form from here instead of reading the body a second
 * time. It reads from a clone, so that the request's own body stays unread for whatever reads it
 * later: the action gets this very request (react-router.config.ts: `v8_passThroughRequests`).
 *
 * A page whose route-table entry says `acceptsFiles` may send `multipart/form-data` with files. The
 * HTTP server reads such a body as it streams in, with the limits of app/config/uploads.ts, before
 * the app sees the request (`readUpload`, docs/decisions/0032-vehicle-damage-reports-and-photos.md):
 * the request then carries only the text fields, the files are in `submittedFiles`, and a refused
 * upload is refused here like any other form. Every other page refuses a file.
 */
export async function submittedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const read = context.get(submittedFormContext);
  if (read) return read;
  const upload = context.get(uploadContext);
  if (upload && 'refused' in upload) {
    context.get(requestContext).logger.info({ violation: upload.refused }, 'upload refused');
    throw data({ message: 'form.refused' }, { status: upload.refused === 'body-too-large' ? 413 : 400 });
  }
  const form =
    context.get(urlEncodedContext) ??
    (await request
      .clone()
      .formData()
      .catch(() => null));
  const violation = form ? formShapeViolation(form) : 'unreadable';
  if (!form || violation) {
    // What was wrong, never what was sent: the body may carry anything.
    context.get(requestContext).logger.info({ violation }, 'form refused');
    throw data({ message: 'form.refused' }, { status: 400 });
  }
  context.set(submittedFormContext, form);
  return form;
}

/**
 * For the HTTP server, which holds a form's whole body before the app sees it: a URL-encoded body
 * (what every form of ours sends without files) is read here once, as `request.formData()` reads it
 * (UTF-8, `+` as a space), instead of through a clone of the request's body stream. Only a request
 * with exactly one plain URL-encoded Content-Type takes this way: any other, repeated headers and
 * lists included, is read by `request.formData()`, which judges it as before.
 */
export function keepUrlEncodedForm(
  body: Buffer,
  contentTypes: readonly string[] | undefined,
  context: RouterContextProvider,
): void {
  const [contentType, ...more] = contentTypes ?? [];
  if (!contentType || more.length > 0 || !/^application\/x-www-form-urlencoded[\t ]*(;[^,]*)?$/i.test(contentType)) {
    return;
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) form.append(name, value);
  context.set(urlEncodedContext, form);
}

/** The files of the request's form (only a page that accepts files has any). */
export function submittedFiles(context: Readonly<RouterContextProvider>): UploadedFile[] {
  const upload = context.get(uploadContext);
  return upload && 'files' in upload ? upload.files : [];
}

/**
 * For the HTTP server: reads an upload's body part by part within the limits, keeps its files in
 * the router context and returns the text fields, which the request hands on instead of the body.
 * Null when the body was refused (the first read of the form then refuses it).
 */
export async function readUpload(
  body: ReadableStream<Uint8Array>,
  contentType: string | null,
  context: RouterContextProvider,
): Promise<FormData | null> {
  try {
    const { form, files } = await readMultipart(body, contentType, {
      ...uploadLimits,
      valueLength: formLimits.valueLength,
    });
    context.set(uploadContext, { files });
    return form;
  } catch (error) {
    if (!(error instanceof MultipartRefused)) throw error;
    context.set(uploadContext, { refused: error.reason });
    return null;
  }
}
