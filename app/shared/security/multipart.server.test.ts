import { describe, expect, it } from 'vitest';
import { MultipartRefused, readMultipart, type MultipartLimits } from './multipart.server';

const limits: MultipartLimits = {
  files: 2,
  fileBytes: 1000,
  fileParts: 4,
  fields: 5,
  valueLength: 50,
  partHeaderBytes: 512,
  requestBytes: 20_000,
};

/** The body a browser sends for `form`, cut into chunks of `chunkSize` bytes as a network would. */
async function bodyOf(form: FormData, chunkSize = 7) {
  const request = new Request('https://kunden.example.com/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(pulled, pulled + chunkSize));
      pulled += chunkSize;
    },
  });
  return { stream, contentType: request.headers.get('content-type'), total: bytes.length, pulled: () => pulled };
}

function photo(size: number, name = 'photo.jpg', type = 'image/jpeg') {
  const data = new Uint8Array(size).fill(0x41);
  data.set([0xff, 0xd8, 0xff]);
  return new File([data], name, { type });
}

describe('the bounded multipart reader', () => {
  it('reads text fields and files, whatever the chunks', async () => {
    const form = new FormData();
    form.append('licencePlate', 'B-AB 1234');
    form.append('description', 'Kratzer – vorne links\r\nzweite Zeile');
    form.append('photos', photo(900, 'a.jpg'));
    form.append('photos', photo(10, 'b.jpg'));
    for (const chunkSize of [1, 7, 64, 100_000]) {
      const { stream, contentType } = await bodyOf(form, chunkSize);
      const result = await readMultipart(stream, contentType, limits);
      expect(result.form.get('licencePlate')).toBe('B-AB 1234');
      expect(result.form.get('description')).toBe('Kratzer – vorne links\r\nzweite Zeile');
      expect(result.files.map((file) => [file.fileName, file.size, file.status, file.bytes.length])).toEqual([
        ['a.jpg', 900, 'kept', 900],
        ['b.jpg', 10, 'kept', 10],
      ]);
      expect([...result.files[0]!.bytes.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0x41]);
    }
  });

  it('keeps no file input that was left empty', async () => {
    const form = new FormData();
    form.append('photos', new File([], '', { type: 'application/octet-stream' }));
    const { stream, contentType } = await bodyOf(form);
    expect((await readMultipart(stream, contentType, limits)).files).toEqual([]);
  });

  it('counts every file part, nameless ones too, and keeps a nameless one that carries bytes', async () => {
    const boundary = 'xYz';
    const part = (bytes: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename=""\r\n\r\n${bytes}\r\n`;
    const raw = (count: number, bytes: string) =>
      new Request('https://kunden.example.com/', {
        method: 'POST',
        body: part(bytes).repeat(count) + `--${boundary}--\r\n`,
      }).body;
    const contentType = `multipart/form-data; boundary=${boundary}`;
    await expect(readMultipart(raw(5, ''), contentType, limits)).rejects.toMatchObject({ reason: 'too-many-files' });
    const result = await readMultipart(raw(1, '\xff\xd8\xff'), contentType, limits);
    expect(result.files).toMatchObject([{ fileName: '', status: 'kept' }]);
  });

  it('reads a part named by filename* as a file, never as a text field', async () => {
    const boundary = 'xYz';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="description"; filename*=UTF-8''foto%201.jpg\r\n\r\n` +
      `abc\r\n--${boundary}--\r\n`;
    const request = new Request('https://kunden.example.com/', { method: 'POST', body });
    const result = await readMultipart(request.body, `multipart/form-data; boundary=${boundary}`, limits);
    expect(result.form.get('description')).toBeNull();
    expect(result.files).toMatchObject([{ field: 'description', fileName: 'foto 1.jpg', size: 3 }]);
  });

  it('reads past a file beyond its size without keeping it, and says so', async () => {
    const form = new FormData();
    form.append('photos', photo(1001, 'big.jpg'));
    form.append('name', 'after');
    const { stream, contentType } = await bodyOf(form);
    const result = await readMultipart(stream, contentType, limits);
    expect(result.files).toMatchObject([{ fileName: 'big.jpg', status: 'too-large', size: 1001 }]);
    expect(result.files[0]!.bytes.length).toBe(0);
    expect(result.form.get('name')).toBe('after');
  });

  it('keeps no more files than allowed, and says how many came beyond', async () => {
    const form = new FormData();
    for (const name of ['1.jpg', '2.jpg', '3.jpg']) form.append('photos', photo(10, name));
    const { stream, contentType } = await bodyOf(form);
    const result = await readMultipart(stream, contentType, limits);
    expect(result.files.map((file) => file.status)).toEqual(['kept', 'kept', 'beyond-count']);
    expect(result.files[2]!.bytes.length).toBe(0);
  });

  it.each([
    [
      'too many file parts',
      () => Array.from({ length: 5 }, (_, i) => ['photos', photo(3, `${i}.jpg`)] as const),
      'too-many-files',
    ],
    ['too many fields', () => Array.from({ length: 6 }, (_, i) => [`field${i}`, 'x'] as const), 'too-many-fields'],
    ['a value too long', () => [['description', 'x'.repeat(51)] as const], 'value-too-long'],
  ])('refuses a body with %s', async (_, entries, reason) => {
    const form = new FormData();
    for (const [name, value] of entries()) form.append(name, value);
    const { stream, contentType } = await bodyOf(form);
    await expect(readMultipart(stream, contentType, limits)).rejects.toMatchObject({ reason });
  });

  it('stops reading a body beyond its size before it has all arrived', async () => {
    const form = new FormData();
    for (let i = 0; i < 2; i++) form.append('photos', photo(900, `${i}.jpg`));
    const { stream, contentType, total, pulled } = await bodyOf(form, 100);
    const error = await readMultipart(stream, contentType, { ...limits, requestBytes: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(MultipartRefused);
    expect(error.reason).toBe('body-too-large');
    expect(pulled()).toBeLessThan(total);
  });

  it('refuses what is no multipart form, or ends before its closing boundary', async () => {
    const form = new FormData();
    form.append('a', 'b');
    const { stream, contentType } = await bodyOf(form);
    await expect(readMultipart(stream, 'application/x-www-form-urlencoded', limits)).rejects.toMatchObject({
      reason: 'not-multipart',
    });
    const whole = new Uint8Array(await new Response(stream).arrayBuffer());
    const cut = new Response(whole.subarray(0, whole.length - 10)).body;
    await expect(readMultipart(cut, contentType, limits)).rejects.toMatchObject({ reason: 'malformed' });
  });
});
