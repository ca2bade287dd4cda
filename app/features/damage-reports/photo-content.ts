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
 * The photo with nothing but what draws the image (docs/rules/reports.md#photos). Only the parts a decoder needs are
 * kept, whatever else a camera, a phone or a sender put in: JPEG's frame, table, restart and scan segments with the
 * JFIF and Adobe colour headers, PNG's image chunks with their colour and density chunks, WebP's image, alpha and
 * animation chunks. Everything else goes, above all the GPS position of EXIF and XMP, and also what a sender hides
 * in a segment or chunk of its own or after the image's end (a phone's appended video, a payload). Null when the
 * structure is broken (a file that only starts like an image).
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

/**
 * Segments or chunks one photo may keep. A camera's or phone's photo has a few dozen (a PNG's image
 * data in chunks of 8 KiB or more: about a thousand in a 10 MB file); a file made of millions of
 * four-byte segments would otherwise take hundreds of MB to take apart.
 */
const maxKeptParts = 10_000;

function keep(parts: Uint8Array[], part: Uint8Array): void {
  if (parts.length >= maxKeptParts) throw new Broken();
  parts.push(part);
}

/**
 * JPEG segments a decoder reads: the frames (SOF0–SOF15 but DHT, JPG and DAC, which are listed on their own), DHT,
 * DAC, DQT, DRI, DNL, APP0 (JFIF) and APP14 (Adobe: the colour transform). SOS is handled apart.
 */
const keptJpegMarkers = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xc4, 0xcc, 0xdb, 0xdd, 0xdc, 0xe0,
  0xee,
]);

function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 2 > bytes.length || bytes[at] !== 0xff) throw new Broken();
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      at++;
      continue;
    }
    if (marker === 0xd9) {
      // End of image: whatever follows it is dropped.
      keep(kept, bytes.subarray(at, at + 2));
      return concat(kept);
    }
    if (at + 4 > bytes.length) throw new Broken();
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) throw new Broken();
    if (marker === 0xda) {
      // Start of scan: its header, then the compressed data up to the next marker (a progressive image has several).
      const next = nextJpegMarker(bytes, at + 2 + length);
      keep(kept, bytes.subarray(at, next));
      at = next;
      continue;
    }
    if (keptJpegMarkers.has(marker)) keep(kept, bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
}

/** Where the entropy-coded data after a scan header ends: at a marker that is neither a stuffed byte nor a restart. */
function nextJpegMarker(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1]!;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return at;
  }
  throw new Broken();
}

/** PNG chunks a decoder draws with: the critical ones, transparency, and the colour and density the image declares. */
const keptPngChunks = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs', 'bKGD']);

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
    if (keptPngChunks.has(type)) keep(kept, bytes.subarray(at, end));
    // Nothing after IEND is read.
    ended = type === 'IEND';
    at = end;
  }
  return concat(kept);
}

/** WebP chunks a decoder draws with: the extended header, lossy and lossless image data, alpha and animation. */
const keptWebpChunks = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);

/** The extended header's flags of the chunks that no longer follow: ICC profile (bit 5), EXIF (bit 3), XMP (bit 2). */
const droppedWebpFlags = 0x20 | 0x08 | 0x04;

function webpWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  // Only what the RIFF header says belongs to the file; anything after it is dropped.
  const riffEnd = Math.min(bytes.length, 8 + new DataView(bytes.buffer, bytes.byteOffset + 4, 4).getUint32(0, true));
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new Broken();
    const type = ascii(bytes, at, 4);
    const size = new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw new Broken();
    if (keptWebpChunks.has(type)) {
      const chunk = bytes.slice(at, Math.min(end, riffEnd));
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~droppedWebpFlags;
      keep(chunks, chunk);
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
