import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBodyBudget, maxRequestBodyBytes, readBody, requestBodyLimits } from './request-body';

/** A request body as the HTTP server hands it on: a stream of chunks. */
function requestWith(): PassThrough & IncomingMessage {
  return new PassThrough() as PassThrough & IncomingMessage;
}

const address = '198.51.100.7';
const nothingHeld = { held: 0, byAddress: new Map() };

describe('reading a request body', () => {
  it('gives the whole body once it has arrived, and holds none of it afterwards', async () => {
    const budget = createBodyBudget();
    const req = requestWith();
    const read = readBody(req, budget, address);
    req.write('csrf=abc&');
    req.end('email=kundin%40example.com');
    expect(await read).toEqual({ body: Buffer.from('csrf=abc&email=kundin%40example.com') });
    expect(budget).toEqual(nothingHeld);
  });

  it('takes a larger body where the caller gives a larger limit (the fleet system’s trips), and not beyond it', async () => {
    const limit = 4 * maxRequestBodyBytes;
    const taken = requestWith();
    const read = readBody(taken, createBodyBudget(), address, requestBodyLimits, limit);
    taken.end(Buffer.alloc(limit));
    expect(await read).toEqual({ body: Buffer.alloc(limit) });
    const beyond = requestWith();
    const refused = readBody(beyond, createBodyBudget(), address, requestBodyLimits, limit);
    beyond.write(Buffer.alloc(limit));
    beyond.write(Buffer.alloc(1));
    expect(await refused).toEqual({ refused: 413 });
  });

  it('refuses a body beyond the limit as it arrives, declared or not', async () => {
    const budget = createBodyBudget();
    const req = requestWith();
    const read = readBody(req, budget, address);
    req.write(Buffer.alloc(maxRequestBodyBytes));
    req.write(Buffer.alloc(1));
    expect(await read).toEqual({ refused: 413 });
    expect(budget).toEqual(nothingHeld);
  });

  it('refuses a body that does not arrive in time, and frees what it held', async () => {
    const budget = createBodyBudget();
    const req = requestWith();
    const read = readBody(req, budget, address, { ...requestBodyLimits, receiveTimeoutMs: 50 });
    req.write('csrf=abc&email=');
    expect(await read).toEqual({ refused: 408 });
    expect(budget).toEqual(nothingHeld);
  });

  it('refuses a body that would take the instance beyond the bytes it holds for arriving bodies', async () => {
    const limits = { ...requestBodyLimits, bytesInFlight: 100 };
    const budget = createBodyBudget();
    const slow = requestWith();
    const slowRead = readBody(slow, budget, '198.51.100.1', limits);
    slow.write(Buffer.alloc(90));
    await new Promise((resolve) => setImmediate(resolve));
    expect(budget.held).toBe(90);

    const next = requestWith();
    const nextRead = readBody(next, budget, '198.51.100.2', limits);
    next.write(Buffer.alloc(20));
    expect(await nextRead).toEqual({ refused: 503 });
    expect(budget.held).toBe(90);

    slow.end();
    expect(await slowRead).toEqual({ body: Buffer.alloc(90) });
    expect(budget).toEqual(nothingHeld);
    const after = requestWith();
    const afterRead = readBody(after, budget, '198.51.100.2', limits);
    after.end(Buffer.alloc(20));
    expect(await afterRead).toEqual({ body: Buffer.alloc(20) });
  });

  it('keeps one address to its share, so that others still send their forms', async () => {
    const limits = { ...requestBodyLimits, bytesInFlightPerAddress: 100 };
    const budget = createBodyBudget();
    const slow = requestWith();
    const slowRead = readBody(slow, budget, address, limits);
    slow.write(Buffer.alloc(90));
    await new Promise((resolve) => setImmediate(resolve));

    const sameAddress = requestWith();
    const sameRead = readBody(sameAddress, budget, address, limits);
    sameAddress.write(Buffer.alloc(20));
    expect(await sameRead).toEqual({ refused: 503 });

    const other = requestWith();
    const otherRead = readBody(other, budget, '203.0.113.9', limits);
    other.end(Buffer.alloc(20));
    expect(await otherRead).toEqual({ body: Buffer.alloc(20) });

    slow.end();
    await slowRead;
    expect(budget).toEqual(nothingHeld);
  });

  it('refuses a body whose client broke off sending it', async () => {
    const budget = createBodyBudget();
    const req = requestWith();
    const read = readBody(req, budget, address);
    req.write('csrf=');
    req.destroy(new Error('aborted'));
    expect(await read).toEqual({ refused: 400 });
    expect(budget).toEqual(nothingHeld);
  });
});
