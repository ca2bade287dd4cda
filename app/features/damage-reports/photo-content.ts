import type { PhotoType } from '~/config/damage-reports';

/**
 * What a photo is, by its bytes (docs/rules/reports.md#photos): the magic numbers of JPEG (`FF D8 FF`),
 * PNG (`89 50 4E 47 0D 0A 1A 0A`) and WebP (`RIFF`, four bytes of size, `WEBP`). The name of the file and
 * the type the browser claims are never asked.
 */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The photo without the metadata a camera or phone writes into it, above all the GPS position of where
 * it was taken: JPEG's APP1 (EXIF, XMP), APP13 (IPTC) and comment segments, PNG's eXIf and text chunks,
 * WebP's EXIF and XMP chunks. The image data itself stays as it is. Null when the structure is broken
 * (a file that only starts like an image).
 */
export function withoutMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array | null {
  try {
    if (type === 'image/jpeg') return jpegWithoutMetadata(bytes);
    if (type === 'image/png') return pngWithoutMetadata(bytes);
    return webpWithoutMetadata(bytes);
  } catch {
    return null;
  }
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

class Broken extends Error {}

/** APP1 (EXIF, XMP), APP13 (IPTC) and COM: what carries places, people and devices. */
const droppedJpegMarkers = new Set([0xe1, 0xed, 0xfe]);

function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new Broken();
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      at++;
      continue;
    }
    if (marker === 0xd9) {
      kept.push(bytes.subarray(at, at + 2));
      break;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) throw new Broken();
    if (marker === 0xda) {
      // Start of scan: the compressed image follows up to the end; nothing after it is parsed.
      kept.push(bytes.subarray(at));
      break;
    }
    if (!droppedJpegMarkers.has(marker)) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return concat(kept);
}

const droppedPngChunks = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function pngWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) throw new Broken();
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, 8);
    const length = view.getUint32(0);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new Broken();
    if (!droppedPngChunks.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === 'IEND';
    at = end;
  }
  return concat(kept);
}

const droppedWebpChunks = new Set(['EXIF', 'XMP ']);

function webpWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw new Broken();
    const type = ascii(bytes, at, 4);
    const size = new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) throw new Broken();
    if (!droppedWebpChunks.has(type)) {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      // The extended header's flags say which chunks follow: EXIF (bit 3) and XMP (bit 2) no longer do.
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~0x0c;
      chunks.push(chunk);
    }
    at = end;
  }
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
