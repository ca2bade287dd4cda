import { describe, expect, it } from 'vitest';
import { requestUrl } from './request-url';

const publicOrigin = new URL('https://kunden.example.com');
const request = (url: string, host: string | undefined = 'kunden.example.com') => ({
  url,
  headers: host === undefined ? {} : { host },
});

describe('the URL of a request', () => {
  it('is the public URL for the public host, and plain HTTP for any other', () => {
    expect(requestUrl(request('/de/login?redirectTo=%2Fde'), publicOrigin)?.href).toBe(
      'https://kunden.example.com/de/login?redirectTo=%2Fde',
    );
    expect(requestUrl(request('/de/login', '127.0.0.1:3000'), publicOrigin)?.href).toBe(
      'http://127.0.0.1:3000/de/login',
    );
  });

  it('keeps a target that starts with two slashes a path on the same host', () => {
    for (const target of ['//evil.example/de/registrieren', '///evil.example/', '/\\evil.example/de']) {
      const url = requestUrl(request(target), publicOrigin);
      expect(url?.origin).toBe('https://kunden.example.com');
    }
    expect(requestUrl(request('//evil.example/de/registrieren'), publicOrigin)?.pathname).toBe(
      '//evil.example/de/registrieren',
    );
  });

  it('reads an absolute target for its own host as its path', () => {
    expect(requestUrl(request('http://kunden.example.com/de/login?x=1'), publicOrigin)?.href).toBe(
      'https://kunden.example.com/de/login?x=1',
    );
  });

  it('refuses targets that are no path and host headers that are no host', () => {
    expect(requestUrl(request('http://evil.example/de/login'), publicOrigin)).toBeNull();
    expect(requestUrl(request('javascript:alert(1)'), publicOrigin)).toBeNull();
    expect(requestUrl(request('*'), publicOrigin)).toBeNull();
    for (const host of ['evil.example/path', 'user@evil.example', 'evil.example?x', 'a\\b', 'exa mple.com', '[::1']) {
      expect(requestUrl(request('/de', host), publicOrigin)).toBeNull();
    }
  });
});
