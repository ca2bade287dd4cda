import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.server';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('logger', () => {
  it('logs an error without the driver client that carries the database password', () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: 'ECONNRESET',
      client: { connectionParameters: { password: 's3cret-db-pass' } },
    });
    logger.warn({ err: new Error('Failed query', { cause: error }) }, 'outside system unavailable');

    const line = lines.join('');
    expect(line).not.toContain('s3cret-db-pass');
    expect(JSON.parse(line).err).toMatchObject({
      message: 'Failed query',
      cause: { message: 'Connection terminated unexpectedly', code: 'ECONNRESET' },
    });
  });

  it('redacts passwords and tokens in logged objects', () => {
    const { logger, lines } = capture();
    logger.info({ user: { password: 'hunter2', token: 'abc' } }, 'event');
    expect(lines.join('')).not.toMatch(/hunter2|"abc"/);
  });
});
