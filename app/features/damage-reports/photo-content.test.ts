import { describe, expect, it } from 'vitest';
import { detectPhotoType, withoutMetadata } from './photo-content';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** A JPEG's structure: SOI, APP0 (JFIF), APP1 (EXIF with a GPS tag's text), a comment, DQT, SOS…, EOI. */
function jpegWithExif(): Uint8Array {
  const exif = [...ascii('Exif'), 0, 0, ...ascii('GPSLatitude 52.52')];
  const comment = ascii('taken at home');
  return bytes(
    0xff, 0xd8,
    0xff, 0xe0, 0x00, 0x07, ...ascii('JFIF'), 0,
    0xff, 0xe1, 0x00, exif.length + 2, ...exif,
    0xff, 0xfe, 0x00, comment.length + 2, ...comment,
    0xff, 0xdb, 0x00, 0x04, 0x01, 0x02,
    0xff, 0xda, 0x00, 0x04, 0x03, 0x04, 0x11, 0x22, 0x33,
    0xff, 0xd9,
  ); // prettier-ignore
}

function pngChunk(type: string, data: number[]): number[] {
  const length = [0, 0, 0, data.length];
  return [...length, ...ascii(type), ...data, 0, 0, 0, 0];
}

function pngWithText(): Uint8Array {
  return bytes(
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...pngChunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
    ...pngChunk('tEXt', ascii('GPS\u000052.52')),
    ...pngChunk('IDAT', [1, 2, 3]),
    ...pngChunk('IEND', []),
  ); // prettier-ignore
}

function webpChunk(type: string, data: number[]): number[] {
  return [...ascii(type), data.length, 0, 0, 0, ...data, ...(data.length % 2 ? [0] : [])];
}

function webpWithExif(): Uint8Array {
  const body = [
    ...ascii('WEBP'),
    ...webpChunk('VP8X', [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...webpChunk('VP8 ', [1, 2, 3, 4]),
    ...webpChunk('EXIF', ascii('GPS 52.52')),
  ];
  return bytes(...ascii('RIFF'), body.length, 0, 0, 0, ...body);
}

describe('what a photo is, by its bytes', () => {
  it('knows JPEG, PNG and WebP by their magic numbers', () => {
    expect(detectPhotoType(jpegWithExif())).toBe('image/jpeg');
    expect(detectPhotoType(pngWithText())).toBe('image/png');
    expect(detectPhotoType(webpWithExif())).toBe('image/webp');
  });

  it('knows nothing else, whatever it is called', () => {
    expect(detectPhotoType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectPhotoType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(detectPhotoType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeNull(); // GIF
    expect(detectPhotoType(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')))).toBeNull();
    expect(detectPhotoType(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe('photos without their metadata', () => {
  const text = (data: Uint8Array) => new TextDecoder('latin1').decode(data);

  it('drops the EXIF segment (with its GPS position) and comments of a JPEG, keeping the image', () => {
    const stripped = withoutMetadata(jpegWithExif(), 'image/jpeg')!;
    expect(text(stripped)).not.toContain('GPSLatitude');
    expect(text(stripped)).not.toContain('taken at home');
    expect(text(stripped)).toContain('JFIF');
    expect([...stripped.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stripped.subarray(-5)]).toEqual([0x11, 0x22, 0x33, 0xff, 0xd9]);
  });

  it('drops the text chunks of a PNG and the EXIF chunk of a WebP', () => {
    const png = withoutMetadata(pngWithText(), 'image/png')!;
    expect(text(png)).not.toContain('GPS');
    expect(text(png)).toContain('IDAT');
    const webp = withoutMetadata(webpWithExif(), 'image/webp')!;
    expect(text(webp)).not.toContain('GPS');
    expect(text(webp)).toContain('VP8 ');
    // The RIFF size is that of what is left, and the extended header no longer announces EXIF.
    expect(new DataView(webp.buffer).getUint32(4, true)).toBe(webp.length - 8);
    expect(webp[20]! & 0x08).toBe(0);
  });

  it('keeps only what draws the image: no segment or chunk of a sender’s own, nothing after the image’s end', () => {
    const app11 = ascii('c2pa manifest');
    const jpeg = jpegWithExif();
    const withExtras = bytes(
      ...jpeg.subarray(0, 2),
      0xff, 0xeb, 0x00, app11.length + 2, ...app11,
      ...jpeg.subarray(2),
      ...ascii('ftypmp42 appended video'),
    ); // prettier-ignore
    const strippedJpeg = withoutMetadata(withExtras, 'image/jpeg')!;
    expect(text(strippedJpeg)).not.toContain('c2pa');
    expect(text(strippedJpeg)).not.toContain('appended video');
    expect([...strippedJpeg.subarray(-2)]).toEqual([0xff, 0xd9]);

    const png = bytes(...pngWithText(), ...ascii('payload after IEND'));
    const withChunk = bytes(...png.subarray(0, 33), ...pngChunk('caBX', ascii('own chunk')), ...png.subarray(33));
    const strippedPng = withoutMetadata(withChunk, 'image/png')!;
    expect(text(strippedPng)).not.toContain('own chunk');
    expect(text(strippedPng)).not.toContain('payload');
    expect(text(strippedPng)).toContain('IDAT');

    const webp = webpWithExif();
    const withTail = bytes(...webp, ...ascii('trailing bytes'));
    const strippedWebp = withoutMetadata(withTail, 'image/webp')!;
    expect(text(strippedWebp)).not.toContain('trailing');
    expect(new DataView(strippedWebp.buffer).getUint32(4, true)).toBe(strippedWebp.length - 8);
  });

  it('keeps a progressive JPEG’s scans and the tables between them', () => {
    const progressive = bytes(
      0xff, 0xd8,
      0xff, 0xdb, 0x00, 0x04, 0x01, 0x02,
      0xff, 0xda, 0x00, 0x04, 0x03, 0x04, 0x11, 0xff, 0x00, 0x22, 0xff, 0xd0, 0x33,
      0xff, 0xc4, 0x00, 0x04, 0x05, 0x06,
      0xff, 0xda, 0x00, 0x04, 0x07, 0x08, 0x44,
      0xff, 0xd9,
    ); // prettier-ignore
    expect([...withoutMetadata(progressive, 'image/jpeg')!]).toEqual([...progressive]);
  });

  it('refuses a file that only starts like an image', () => {
    expect(withoutMetadata(bytes(0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff, 1, 2), 'image/jpeg')).toBeNull();
    expect(withoutMetadata(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png')).toBeNull();
  });

  it('refuses a photo made of more segments than any camera writes, and keeps one of a thousand', () => {
    const jpegOf = (segments: number) => {
      const table = [0xff, 0xdb, 0x00, 0x04, 0x01, 0x02];
      const photo = new Uint8Array(4 + segments * table.length);
      photo.set([0xff, 0xd8]);
      for (let i = 0; i < segments; i++) photo.set(table, 2 + i * table.length);
      photo.set([0xff, 0xd9], photo.length - 2);
      return photo;
    };
    expect(withoutMetadata(jpegOf(1_000), 'image/jpeg')?.length).toBe(jpegOf(1_000).length);
    expect(withoutMetadata(jpegOf(200_000), 'image/jpeg')).toBeNull();
  });
});
