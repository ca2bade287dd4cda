import { describe, expect, it } from 'vitest';
import { createUploadGate, isCrossSiteUpload } from './upload-gate';

const ours = ['https://kunden.example.com', 'http://127.0.0.1:3000'];

describe('an upload, before its body is read', () => {
  it('is refused when another site’s page sent it, by the browser’s word or by its Origin', () => {
    expect(isCrossSiteUpload({ 'sec-fetch-site': 'cross-site' }, ours)).toBe(true);
    expect(isCrossSiteUpload({ 'sec-fetch-site': 'same-site' }, ours)).toBe(true);
    expect(isCrossSiteUpload({ origin: 'https://evil.example' }, ours)).toBe(true);
    expect(isCrossSiteUpload({ 'sec-fetch-site': 'same-origin', origin: 'https://kunden.example.com' }, ours)).toBe(
      false,
    );
    expect(isCrossSiteUpload({ origin: 'http://127.0.0.1:3000' }, ours)).toBe(false);
    // A client that is no browser says nothing; the form's CSRF token still decides about it.
    expect(isCrossSiteUpload({}, ours)).toBe(false);
  });

  it('gets a slot only while the instance and its address have one free, and gives it back once', () => {
    const gate = createUploadGate({ concurrent: 3, concurrentPerAddress: 2 });
    const first = gate.admit('192.0.2.1');
    const second = gate.admit('192.0.2.1');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(gate.admit('192.0.2.1')).toBeNull();

    const other = gate.admit('198.51.100.7');
    expect(other).not.toBeNull();
    expect(gate.admit('203.0.113.9')).toBeNull();

    first!();
    first!();
    expect(gate.admit('203.0.113.9')).not.toBeNull();
    expect(gate.admit('203.0.113.9')).toBeNull();
    second!();
    expect(gate.admit('192.0.2.1')).not.toBeNull();
  });
});
