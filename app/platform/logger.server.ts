import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Errors are logged by type, message, stack, code and cause only. Driver errors carry their client
 * (node-postgres puts the connection parameters, password included, on `error.client`), so the
 * default serializer, which copies every own property, must not be used.
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** JSON logs for operators; secrets and credentials are redacted wherever they appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'self-service' },
      serializers: { err: (error: unknown) => serializeError(error) },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'headers.cookie', 'headers.authorization', '*.iban'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
