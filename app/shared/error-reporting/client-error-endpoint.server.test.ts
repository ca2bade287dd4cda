import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { clientErrorLimit, receiveClientErrorReport } from './client-error-endpoint.server';
import type { ClientErrorReport } from '../../platform/error-reporting/client-error-report';
import { maxReportBytes } from '../../platform/error-reporting/client-error-schema.server';

const report: ClientErrorReport = {
  kind: 'error',
  message: 'TypeError: Cannot read properties of undefined (reading "id")',
  stack: 'TypeError: boom\n    at https://kunden.example/assets/root-abc.js:1:2',
  path: '/de/kundenbereich',
};

function post(body: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost/resources/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Test/1.0', ...headers },
    body,
  });
}

/** The endpoint as the route calls it, with the form the CSRF middleware has read. */
async function receive(request: Request, services: Parameters<typeof receiveClientErrorReport>[2]) {
  return receiveClientErrorReport(request, await request.clone().formData(), services);
}

const form = (value: unknown) => new URLSearchParams({ csrf: 't', report: JSON.stringify(value) }).toString();

function setup() {
  const logged: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = { warn: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }) };
  return {
    logged,
    services: { rateLimits: memoryRateLimitStore(), logger: logger as never, clientIp: '203.0.113.9' },
  };
}

describe('client error endpoint', () => {
  it('logs a valid report with message, trimmed stack, path and user agent, and answers 204', async () => {
    const { logged, services } = setup();
    expect(await receive(post(form(report)), services)).toBe(204);
    expect(logged).toEqual([
      {
        message: 'client error',
        fields: {
          clientError: {
            kind: 'error',
            message: report.message,
            stack: report.stack,
            path: '/de/kundenbereich',
            userAgent: 'Test/1.0',
          },
        },
      },
    ]);
  });

  it('logs no query string, token or email address', async () => {
    const { logged, services } = setup();
    const status = await receive(
      post(
        form({
          ...report,
          message: 'Failed to load https://kunden.example/de/passwort-setzen?token=abc123 for erika@example.com',
          stack: 'Error\n    at fetch (/de/passwort-setzen?token=abc123:1:1)\n    password=hunter2',
          path: '/de/passwort-setzen?token=abc123',
        }),
      ),
      services,
    );
    expect(status).toBe(204);
    const line = JSON.stringify(logged);
    expect(line).not.toMatch(/abc123|erika@example\.com|hunter2/);
    expect(logged[0]?.fields).toMatchObject({ clientError: { path: '/de/passwort-setzen' } });
  });

  it('trims long stacks and messages', async () => {
    const { logged, services } = setup();
    const stack = Array.from({ length: 100 }, (_, index) => `    at frame${index} (/assets/a.js:1:${index})`).join(
      '\n',
    );
    await receive(post(form({ ...report, message: 'x'.repeat(2000), stack })), services);
    const logged0 = logged[0]?.fields.clientError as { message: string; stack: string };
    expect(logged0.message.length).toBeLessThanOrEqual(500);
    expect(logged0.stack.split('\n').length).toBeLessThanOrEqual(25);
  });

  it('refuses what is not a report (400) and never logs it', async () => {
    const { logged, services } = setup();
    const bad = [
      'csrf=t',
      'csrf=t&report=not-json',
      form({ ...report, kind: 'other' }),
      form({ ...report, message: 42 }),
      form({ ...report, extra: 'field' }),
      form({ ...report, path: '' }),
      form({ ...report, message: 'x'.repeat(2001) }),
    ];
    for (const body of bad) expect(await receive(post(body), services)).toBe(400);
    expect(logged).toEqual([]);
  });

  it('refuses a body larger than the limit (413), by header and by actual size', async () => {
    const { logged, services } = setup();
    const huge = form({ ...report, stack: 'x'.repeat(maxReportBytes) });
    expect(await receive(post(huge), services)).toBe(413);
    expect(await receive(post(form(report), { 'content-length': '999999' }), services)).toBe(413);
    expect(logged).toEqual([]);
  });

  it('limits reports per address (429) and leaves other addresses alone', async () => {
    const { logged, services } = setup();
    for (let i = 0; i < clientErrorLimit.count; i++) {
      expect(await receive(post(form(report)), services)).toBe(204);
    }
    expect(await receive(post(form(report)), services)).toBe(429);
    expect(await receive(post(form(report)), { ...services, clientIp: '198.51.100.1' })).toBe(204);
    expect(logged).toHaveLength(clientErrorLimit.count + 1);
  });
});
