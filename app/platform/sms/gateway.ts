/** One text message to one mobile number (E.164, e.g. `+4915123456789`). */
export interface OutgoingSms {
  to: string;
  text: string;
}

/**
 * Delivers one SMS or throws; the SMS outbox worker retries what throws. The embedded default is no
 * gateway at all: messages stay in the `sms_outbox` table, where the development mailbox shows them.
 */
export interface SmsGateway {
  name: string;
  send(sms: OutgoingSms): Promise<void>;
}

export class SmsGatewayError extends Error {
  constructor(
    message: string,
    /** The gateway's HTTP status, when it answered at all. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsGatewayError';
  }
}
