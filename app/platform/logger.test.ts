import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.server';
import { recordingStream } from '../../tests/support/recording-stream';

function capture() {
  const { lines, stream } = recordingStream();
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

  it('logs a failed query without its parameters, in the message, the stack or the cause', () => {
    const { logger, lines } = capture();
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    const params = ['Erika\u0000', 'Mustermann', 'erika@example.org', hash];
    const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      query: 'insert into "customers" ("first_name", "last_name", "email", "password_hash") values ($1, $2, $3, $4)',
      params,
    });
    const error = new DrizzleQueryError(driverError.query, params, driverError);
    logger.error({ err: error }, 'unhandled error');

    const line = lines.join('');
    for (const secret of ['Mustermann', 'erika@example.org', hash]) expect(line).not.toContain(secret);
    const { err } = JSON.parse(line) as { err: { message: string; stack: string; cause: { code: string } } };
    expect(err.message).toMatch(/^Failed query: insert into "customers"/);
    expect(err.stack).toMatch(/^Error: Failed query: insert into "customers"/);
    expect(err.cause.code).toBe('22021');
  });

  it('redacts personal data, credentials and codes at any depth, and keeps an error’s code', () => {
    const { logger, lines } = capture();
    logger.warn(
      {
        err: Object.assign(new Error('refused'), { code: 'E_REFUSED' }),
        form: {
          email: 'erika@example.org',
          firstName: 'Erika',
          lastName: 'Mustermann',
          phone: { parsedPhoneNumber: '+4915123456789' },
          iban: 'DE02120300000000202051',
          accountHolder: 'Erika Mustermann',
          code: '123456',
          voucherCode: 'SOMMER-2026',
          newPassword: 'Fahrrad-Sommer-2026',
          passwordHash: '$argon2id$secret',
        },
        request: { headers: { cookie: 'sid=session-secret', authorization: 'Bearer api-secret' } },
        attempt: 2,
      },
      'event',
    );
    const line = lines.join('');
    for (const secret of [
      'erika@example.org',
      'Erika',
      'Mustermann',
      '+4915123456789',
      'DE02120300000000202051',
      '123456',
      'SOMMER-2026',
      'Fahrrad-Sommer-2026',
      '$argon2id$secret',
      'session-secret',
      'api-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line)).toMatchObject({ attempt: 2, err: { code: 'E_REFUSED' } });
  });
});
