import { damageReportRules } from './damage-reports';
import { formLimits } from './form-limits';

/**
 * The limits of a form that may carry files (docs/decisions/0032-vehicle-damage-reports-and-photos.md).
 * Only pages whose route-table entry says `acceptsFiles` read one; every other form refuses files. All
 * limits hold while the body streams in: nothing beyond them is ever held in memory.
 */
export const uploadLimits = {
  /** File parts kept; further ones are counted and refused with a message on the field. */
  files: damageReportRules.photos.maxCount,
  /** Bytes of one file; the rest of a larger file is read past and dropped, and the field says so. */
  fileBytes: damageReportRules.photos.maxBytes,
  /**
   * File parts at all: a body with more is no form of ours and is refused as a whole (400), like
   * any form beyond the shape limits.
   */
  fileParts: 20,
  /** Text fields, as for every form. */
  fields: formLimits.fields,
  /** Bytes of one part's header block (Content-Disposition, Content-Type). */
  partHeaderBytes: 8 * 1024,
  /**
   * The whole body: every photo at its largest, plus the text fields. The HTTP server refuses a
   * larger body (413) before and while reading it (server/app.ts).
   */
  requestBytes: damageReportRules.photos.maxCount * damageReportRules.photos.maxBytes + 256 * 1024,
  /**
   * Uploads read at once by one instance, and from one client address: what the photos of uploads in
   * flight may hold in memory is bounded by these times `requestBytes`. One more is answered 503 before
   * its body is read (server/upload-gate.ts).
   */
  concurrent: 4,
  concurrentPerAddress: 2,
  /** An upload not received in full by then is cut off: a body sent slowly holds no slot for long. */
  receiveTimeoutMs: 120_000,
} as const;
