import { describe, expect, it } from 'vitest';
import { isWebView, pages } from '~/i18n/route-table';
import {
  asksOnItsOwn,
  consentPromptFrom,
  currentPathWithoutPrompt,
  isOutsideConsent,
  safeReturnPath,
} from './consent-request';

describe('consent requests', () => {
  it('reads the prompt parameter of a page opened without JavaScript', () => {
    expect(consentPromptFrom('?consent=open')).toBe('open');
    expect(consentPromptFrom('?consent=accepted&utm_source=x')).toBe('accepted');
    expect(consentPromptFrom(new URLSearchParams('consent=rejected'))).toBe('rejected');
    expect(consentPromptFrom('?consent=yes')).toBeNull();
    expect(consentPromptFrom('')).toBeNull();
  });

  it('goes back only to a local path, without the prompt', () => {
    expect(safeReturnPath('/de/preisverzeichnis')).toBe('/de/preisverzeichnis');
    expect(safeReturnPath('/de/start?utm_source=a&consent=accepted#top')).toBe('/de/start?utm_source=a#top');
    for (const foreign of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'de/start', '', null, 42]) {
      expect(safeReturnPath(foreign)).toBe('/');
    }
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });

  it('normalises the return path before checking it', () => {
    for (const foreign of ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/de/..//evil.example']) {
      expect(safeReturnPath(foreign)).toBe('/');
    }
    for (const foreign of ['/./\\evil.example', '/\t/evil.example', '/%2f/evil.example', '/%5c%5cevil.example']) {
      expect(safeReturnPath(foreign)).toBe('/');
    }
    expect(safeReturnPath('/de/x/../start?consent=open')).toBe('/de/start');
  });

  it('keeps the current query for forms that come back, less the prompt', () => {
    expect(currentPathWithoutPrompt('/de/start', '?consent=open&utm_source=x')).toBe('/de/start?utm_source=x');
    expect(currentPathWithoutPrompt('/de/start', '?consent=open')).toBe('/de/start');
  });

  it('knows web views by path and by the native apps’ marker', () => {
    expect(isWebView(pages.reportBikeWebView.de)).toBe(true);
    expect(isWebView(pages.loginEmbedded.en)).toBe(true);
    expect(isWebView(pages.home.de, '?dbcembedded=1')).toBe(true);
    expect(isWebView(pages.home.de, '?dbcembedded=3')).toBe(false);
    expect(isWebView(pages.home.de)).toBe(false);
  });

  it('asks by itself everywhere but in web views and on the privacy statement', () => {
    expect(asksOnItsOwn(pages.home.de)).toBe(true);
    expect(asksOnItsOwn(pages.selfService.en)).toBe(true);
    expect(asksOnItsOwn(pages.privacy.de)).toBe(false);
    expect(asksOnItsOwn(pages.privacy.en)).toBe(false);
    expect(asksOnItsOwn(pages.registerEmbedded.de)).toBe(false);
  });

  it('stays off the station terminal, and page views too', () => {
    for (const path of ['/terminal', '/de/terminal', '/en/terminal/report', '/de/terminal/registrieren/']) {
      expect(asksOnItsOwn(path)).toBe(false);
      expect(isOutsideConsent(path)).toBe(true);
    }
    expect(isOutsideConsent('/de/terminals-in-berlin')).toBe(false);
    expect(isOutsideConsent(pages.home.de)).toBe(false);
  });
});
