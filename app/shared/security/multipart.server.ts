/**
 * A bounded, streaming reader of `multipart/form-data` (RFC 7578) for the few forms that may carry
 * files (docs/decisions/0032-vehicle-damage-reports-and-photos.md). Every limit holds while the body
 * streams in, so a hostile body is refused before it is buffered: beyond the body's size, the number
 * of parts or fields, or a part's header size, reading stops and the whole form is refused. A file
 * beyond its own size, or beyond the number of files kept, is read past without keeping its bytes
 * and reported, so that the form can say so next to its field and keep what else was typed.
 *
 * What the browser claims of a file (its Content-Type) is never read: a file's type is what its bytes
 * say (features decide that from the magic bytes).
 */

export interface MultipartLimits {
  /** File parts kept. */
  files: number;
  /** Bytes of one file kept. */
  fileBytes: number;
  /** File parts at all; more refuse the body. */
  fileParts: number;
  /** Text fields; more refuse the body. */
  fields: number;
  /** Characters of one text value; a longer one refuses the body. */
  valueLength: number;
  /** Bytes of one part's header block. */
  partHeaderBytes: number;
  /** Bytes of the whole body. */
  requestBytes: number;
}

/** One file part of the body. `kept` files hold their bytes; others only say why they were dropped. */
export interface UploadedFile {
  field: string;
  /** The name the browser gave, for messages only; never used to decide anything. */
  fileName: string;
  /** Bytes as sent (for a dropped file: as many as arrived). */
  size: number;
  status: 'kept' | 'too-large' | 'beyond-count';
  bytes: Uint8Array;
}

export interface MultipartForm {
  /** The text fields, as `request.formData()` would give them. */
  form: FormData;
  files: UploadedFile[];
}

export type MultipartRefusal =
  | 'not-multipart'
  | 'body-too-large'
  | 'too-many-fields'
  | 'too-many-files'
  | 'value-too-long'
  | 'header-too-large'
  | 'malformed';

export class MultipartRefused extends Error {
  constructor(readonly reason: MultipartRefusal) {
    super(`multipart body refused: ${reason}`);
  }
}

const crlf = Buffer.from('\r\n');
const headerEnd = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type, or null for any other type. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

interface Part {
  field: string;
  fileName: string | null;
  size: number;
  chunks: Uint8Array[];
  file?: UploadedFile;
}

/**
 * Reads a multipart body with the limits above. Resolves with the text fields and the file parts;
 * rejects with MultipartRefused (the stream is cancelled, the rest stays unread).
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | null,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  const boundary = multipartBoundary(contentType);
  if (!boundary || !body) throw new MultipartRefused('not-multipart');
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const form = new FormData();
  const files: UploadedFile[] = [];
  let fields = 0;
  let fileParts = 0;
  let kept = 0;
  let received = 0;
  // The body starts with the delimiter less its line break: one in front makes every delimiter alike.
  let pending: Buffer = Buffer.from(crlf);
  type State = 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done';
  let state = 'preamble' as State;
  let part: Part | null = null;

  const startPart = (headers: string) => {
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1];
    if (disposition === undefined) throw new MultipartRefused('malformed');
    const field = parameter(disposition, 'name');
    if (field === null) throw new MultipartRefused('malformed');
    // RFC 7578 4.2 forbids `filename*`, but a part that names one is still a file, never a text field.
    const fileName = parameter(disposition, 'filename') ?? extendedParameter(disposition, 'filename*');
    part = { field, fileName, size: 0, chunks: [] };
    if (fileName === null) {
      if (++fields > limits.fields) throw new MultipartRefused('too-many-fields');
      return;
    }
    // Every file part counts, the empty one of a file input without a file too: else a body of
    // nameless parts would pass every count.
    if (++fileParts > limits.fileParts) throw new MultipartRefused('too-many-files');
  };

  /** A file part becomes a file once it has bytes; one without bytes (no file chosen) is nothing. */
  const fileOf = (current: Part): UploadedFile => {
    if (!current.file) {
      const status = kept < limits.files ? 'kept' : 'beyond-count';
      if (status === 'kept') kept++;
      current.file = {
        field: current.field,
        fileName: current.fileName ?? '',
        size: 0,
        status,
        bytes: new Uint8Array(0),
      };
    }
    return current.file;
  };

  const addToPart = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.fileName === null) {
      // UTF-8 takes at most 4 bytes a character: beyond that, the value is too long whatever it holds.
      if (part.size > limits.valueLength * 4) throw new MultipartRefused('value-too-long');
      part.chunks.push(bytes);
    } else {
      const file = fileOf(part);
      file.size = part.size;
      if (file.status === 'kept' && part.size > limits.fileBytes) {
        file.status = 'too-large';
        part.chunks = [];
      }
      if (file.status === 'kept') part.chunks.push(bytes);
    }
  };

  const finishPart = () => {
    if (!part) return;
    if (part.fileName === null) {
      const value = Buffer.concat(part.chunks).toString('utf8');
      if (value.length > limits.valueLength) throw new MultipartRefused('value-too-long');
      form.append(part.field, value);
    } else if (part.file) {
      if (part.file.status === 'kept') part.file.bytes = new Uint8Array(Buffer.concat(part.chunks));
      files.push(part.file);
    }
    part = null;
  };

  const consume = () => {
    for (;;) {
      if (state === 'preamble') {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          pending = pending.subarray(Math.max(0, pending.length - delimiter.length + 1));
          return;
        }
        pending = pending.subarray(at + delimiter.length);
        state = 'after-delimiter';
      } else if (state === 'after-delimiter') {
        if (pending.length < 2) return;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = 'done';
          return;
        }
        if (pending[0] !== 0x0d || pending[1] !== 0x0a) throw new MultipartRefused('malformed');
        pending = pending.subarray(2);
        state = 'headers';
      } else if (state === 'headers') {
        const at = pending.indexOf(headerEnd);
        if (at === -1) {
          if (pending.length > limits.partHeaderBytes) throw new MultipartRefused('header-too-large');
          return;
        }
        if (at > limits.partHeaderBytes) throw new MultipartRefused('header-too-large');
        startPart(pending.subarray(0, at).toString('utf8'));
        pending = pending.subarray(at + headerEnd.length);
        state = 'body';
      } else if (state === 'body') {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          // The end may hold the start of a delimiter: keep that much for the next chunk.
          const safe = pending.length - delimiter.length + 1;
          if (safe > 0) {
            addToPart(Buffer.from(pending.subarray(0, safe)));
            pending = pending.subarray(safe);
          }
          return;
        }
        addToPart(Buffer.from(pending.subarray(0, at)));
        finishPart();
        pending = pending.subarray(at + delimiter.length);
        state = 'after-delimiter';
      } else {
        return;
      }
    }
  };

  const reader = body.getReader();
  try {
    while (state !== 'done') {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > limits.requestBytes) throw new MultipartRefused('body-too-large');
      pending = pending.length === 0 ? Buffer.from(value) : Buffer.concat([pending, value]);
      consume();
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (error instanceof MultipartRefused) throw error;
    // The body broke off, or was larger than the HTTP server takes.
    throw new MultipartRefused('body-too-large');
  }
  if (state !== 'done') {
    await reader.cancel().catch(() => {});
    throw new MultipartRefused('malformed');
  }
  reader.releaseLock();
  return { form, files };
}

/**
 * An RFC 8187 extended parameter (`filename*=UTF-8''photo%201.jpg`), decoded; null when absent or
 * not decodable.
 */
function extendedParameter(disposition: string, name: string): string | null {
  const escaped = name.replace('*', '\\*');
  const match = new RegExp(`(?:^|;)\\s*${escaped}=([^;\\s]*)`, 'i').exec(disposition);
  if (!match) return null;
  const value = match[1]!.replace(/^[^']*'[^']*'/, '');
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A parameter of a Content-Disposition header (`name="photos"`), unquoted; null when absent. */
function parameter(disposition: string, name: string): string | null {
  const pattern = new RegExp(`(?:^|;)\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i');
  const quoted = pattern.exec(disposition);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = new RegExp(`(?:^|;)\\s*${name}=([^;\\s"]*)`, 'i').exec(disposition);
  return bare ? bare[1]! : null;
}
