import fc from 'fast-check';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requestContext } from '~/context';
import { keepUrlEncodedForm, submittedForm } from './submitted-form.server';

const contentType = 'application/x-www-form-urlencoded';

/** The form the app reads when the HTTP server has kept the body (`keepUrlEncodedForm`). */
async function keptForm(body: Buffer, type = contentType): Promise<[string, FormDataEntryValue][]> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: 'test', nonce: 'n', clientIp: '127.0.0.1', logger: console as never });
  keepUrlEncodedForm(body, [type], context);
  // A request whose body is gone: only the kept form can answer.
  const request = new Request('http://localhost/de/anmelden', { method: 'POST', body: 'other=1' });
  await request.text();
  return [...(await submittedForm(request, context).catch(() => new FormData())).entries()];
}

async function fetchForm(body: Buffer): Promise<[string, FormDataEntryValue][]> {
  const request = new Request('http://localhost/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return [...(await request.formData()).entries()];
}

describe('a URL-encoded body kept by the HTTP server', () => {
  it.each([
    'csrf=abc&email=demo%40example.com&password=a+b%2Bc',
    'name=J%C3%BCrgen&name=%E2%82%AC&empty=',
    '\uFEFFcsrf=abc&x=1',
    'broken=%E0%A4%A&plain=ü',
  ])('is read as request.formData() reads it: %s', async (text) => {
    const body = Buffer.from(text);
    expect(await keptForm(body)).toEqual(await fetchForm(body));
  });

  it('reads any text as request.formData() does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (text) => {
        const body = Buffer.from(text);
        const kept = await keptForm(body);
        const fetched = await fetchForm(body);
        // The shape check refuses some forms either way; what it lets through is the same form.
        if (kept.length > 0) expect(kept).toEqual(fetched);
      }),
    );
  });

  it('is left alone when the body is not URL-encoded', async () => {
    const context = new RouterContextProvider();
    keepUrlEncodedForm(Buffer.from('a=1'), ['multipart/form-data; boundary=x'], context);
    keepUrlEncodedForm(Buffer.from('a=1'), undefined, context);
    // Repeated or listed types, and whitespace HTTP does not know, are left to request.formData().
    keepUrlEncodedForm(Buffer.from('a=1'), [contentType, 'text/plain'], context);
    keepUrlEncodedForm(Buffer.from('a=1'), [`${contentType};a=b, text/plain`], context);
    keepUrlEncodedForm(Buffer.from('a=1'), [`${contentType}\u00a0`], context);
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: 'b=2',
    });
    context.set(requestContext, { requestId: 'test', nonce: 'n', clientIp: '127.0.0.1', logger: console as never });
    expect([...(await submittedForm(request, context)).entries()]).toEqual([['b', '2']]);
  });
});
