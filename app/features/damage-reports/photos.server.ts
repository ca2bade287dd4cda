import { createHash } from 'node:crypto';
import { damageReportRules, type PhotoType } from '~/config/damage-reports';
import type { UploadedFile } from '~/shared/security/submitted-form.server';
import { detectPhotoType, withoutMetadata } from './photo-content';

/** A photo as it is stored: its type found from its bytes, without metadata, with its size and hash. */
export interface CheckedPhoto {
  contentType: PhotoType;
  size: number;
  sha256: string;
  data: Uint8Array;
}

export type PhotoVerdict = { kind: 'ok'; photos: CheckedPhoto[] } | { kind: 'refused'; messages: string[] };

const megabytes = damageReportRules.photos.maxBytes / (1024 * 1024);

/**
 * Judges the uploaded photos (docs/rules/reports.md#photos): at most five, at most 10 MB each, and a
 * JPEG, PNG or WebP by their bytes, whatever their name or claimed type. Each problem is a message for
 * the photo field naming the file; a file that only starts like an image is refused too.
 */
export function checkPhotos(files: readonly UploadedFile[]): PhotoVerdict {
  const messages: string[] = [];
  const photos: CheckedPhoto[] = [];
  const beyond = files.filter((file) => file.status === 'beyond-count').length;
  if (beyond > 0) {
    messages.push(`damage-report.photos.too-many?max=${damageReportRules.photos.maxCount}`);
  }
  for (const file of files) {
    const name = new URLSearchParams({ name: file.fileName });
    if (file.status === 'too-large') {
      messages.push(`damage-report.photos.too-large?${name}&max=${megabytes}`);
      continue;
    }
    if (file.status !== 'kept') continue;
    const type = detectPhotoType(file.bytes);
    const stripped = type ? withoutMetadata(file.bytes, type) : null;
    if (!type || !stripped) {
      messages.push(`damage-report.photos.type?${name}`);
      continue;
    }
    photos.push({
      contentType: type,
      size: stripped.length,
      sha256: createHash('sha256').update(stripped).digest('hex'),
      data: stripped,
    });
  }
  return messages.length > 0 ? { kind: 'refused', messages } : { kind: 'ok', photos };
}
