import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { maxRequestBodyBytes, readBody, requestBodyLimits, type BodyBudget } from './request-body';

/** A request body as the HTTP server hands it on: a stream of chunks. */
function requestWith(): PassThrough & IncomingMessage {
  return new PassThrough() as PassThrough & IncomingMessage;
}

describe('reading a request body', () => {
  it('gives the whole body once it has arrived, and holds none of it afterwards', async () => {
    const budget: BodyBudget = { held: 0 };
    const req = requestWith();
    const read = readBody(req, budget);
    req.write('csrf=abc&');
    req.end('email=kundin%40example.com');
    expect(await read).toEqual({ body: Buffer.from('csrf=abc&email=kundin%40example.com') });
    expect(budget.held).toBe(0);
  });

  it('refuses a body beyond the limit as it arrives, declared or not', async () => {
    const budget: BodyBudget = { held: 0 };
    const req = requestWith();
    const read = readBody(req, budget);
    req.write(Buffer.alloc(maxRequestBodyBytes));
    req.write(Buffer.alloc(1));
    expect(await read).toEqual({ refused: 413 });
    expect(budget.held).toBe(0);
  });

  it('refuses a body that does not arrive in time, and frees what it held', async () => {
    const budget: BodyBudget = { held: 0 };
    const req = requestWith();
    const read = readBody(req, budget, { ...requestBodyLimits, receiveTimeoutMs: 50 });
    req.write('csrf=abc&email=');
    expect(await read).toEqual({ refused: 408 });
    expect(budget.held).toBe(0);
  });

  it('refuses a body that would take the instance beyond the bytes it holds for arriving bodies', async () => {
    const limits = { ...requestBodyLimits, bytesInFlight: 100 };
    const budget: BodyBudget = { held: 0 };
    const slow = requestWith();
    const slowRead = readBody(slow, budget, limits);
    slow.write(Buffer.alloc(90));
    await new Promise((resolve) => setImmediate(resolve));
    expect(budget.held).toBe(90);

    const next = requestWith();
    const nextRead = readBody(next, budget, limits);
    next.write(Buffer.alloc(20));
    expect(await nextRead).toEqual({ refused: 503 });
    expect(budget.held).toBe(90);

    slow.end();
    expect(await slowRead).toEqual({ body: Buffer.alloc(90) });
    expect(budget.held).toBe(0);
    const after = requestWith();
    const afterRead = readBody(after, budget, limits);
    after.end(Buffer.alloc(20));
    expect(await afterRead).toEqual({ body: Buffer.alloc(20) });
  });

  it('refuses a body whose client broke off sending it', async () => {
    const budget: BodyBudget = { held: 0 };
    const req = requestWith();
    const read = readBody(req, budget);
    req.write('csrf=');
    req.destroy(new Error('aborted'));
    expect(await read).toEqual({ refused: 400 });
    expect(budget.held).toBe(0);
  });
});
