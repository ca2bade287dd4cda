import pino from 'pino';
import { withoutQueryParameters } from './error-reporting/scrub';

export type Logger = pino.Logger;

const redacted = '[redacted]';

/**
 * Keys whose values are secret or personal, wherever they appear in a logged object: credentials
 * and what proves them (hashes, tokens, one-time codes), payment details, and what identifies a
 * person. Compared without case, hyphens or underscores.
 */
const personalKeys = new Set(
  [
    'password',
    'currentPassword',
    'newPassword',
    'passwordHash',
    'hash',
    'token',
    'tokenHash',
    'verificationToken',
    'secret',
    'code',
    'phoneCode',
    'voucherCode',
    'actionCode',
    'iban',
    'bic',
    'accountHolder',
    'email',
    'confirmationEmail',
    'name',
    'firstName',
    'lastName',
    'birthDate',
    'phone',
    'phoneNumber',
    'parsedPhoneNumber',
    'address',
    'cookie',
    'setCookie',
    'authorization',
    'params',
  ].map(normalizedKey),
);

function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

/** A copy of a logged object with every personal key's value replaced, at any depth. */
function withoutPersonalData(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutPersonalData(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = personalKeys.has(normalizedKey(key)) ? redacted : withoutPersonalData(item, depth + 1);
  }
  return copy;
}

/**
 * Errors are logged by type, message, stack, code and cause only. Driver errors carry their client
 * (node-postgres puts the connection parameters, password included, on `error.client`), and a failed
 * query carries its parameters (a customer's data, a password hash): Drizzle also writes them into
 * its message, which is therefore cut before them.
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  const message = withoutQueryParameters(error.message);
  return {
    type: error.name,
    message,
    stack: error.stack?.replace(error.message, message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** JSON logs for operators; secrets and personal data are redacted wherever they appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'self-service' },
      serializers: { err: (error: unknown) => serializeError(error) },
      formatters: { log: (object) => withoutPersonalData(object) as Record<string, unknown> },
    },
    destination,
  );
}
