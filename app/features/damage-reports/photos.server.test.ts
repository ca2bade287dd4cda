import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '~/shared/security/submitted-form.server';
import { checkPhotos } from './photos.server';

const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

function upload(bytes: Uint8Array, fileName: string, status: UploadedFile['status'] = 'kept'): UploadedFile {
  return { field: 'photos', fileName, size: bytes.length, status, bytes: status === 'kept' ? bytes : new Uint8Array() };
}

describe('the photos of a damage report', () => {
  it('are stored with the type their bytes show, their size and their SHA-256', () => {
    const verdict = checkPhotos([upload(png, 'renamed.jpg')]);
    expect(verdict).toMatchObject({ kind: 'ok', photos: [{ contentType: 'image/png', size: png.length }] });
    if (verdict.kind === 'ok') expect(verdict.photos[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuse a file that is no photo, whatever its name says', () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(checkPhotos([upload(png, 'ok.png'), upload(html, 'holiday.jpg')])).toEqual({
      kind: 'refused',
      messages: ['damage-report.photos.type?name=holiday.jpg'],
    });
  });

  it('refuse too many and too large photos with their own messages', () => {
    const verdict = checkPhotos([upload(png, 'big.jpg', 'too-large'), upload(png, 'sixth.png', 'beyond-count')]);
    expect(verdict).toEqual({
      kind: 'refused',
      messages: ['damage-report.photos.too-many?max=5', 'damage-report.photos.too-large?name=big.jpg&max=10'],
    });
  });
});
