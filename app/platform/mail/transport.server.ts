import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Delivers one mail or throws; the outbox worker retries what throws. A `MailServerUnreachableError`
 * means no mail server answered at all, so the mail itself is not to blame.
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export class MailServerUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`mail server unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Real delivery over SMTP (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). */
export function smtpTransport(url: string): MailTransport {
  // The timeouts belong next to the URL: a second argument would be defaults for the messages.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(mail) {
      try {
        await transporter.sendMail(mail);
      } catch (error) {
        // Nodemailer marks failures of the connection itself (refused, timed out, TLS, dropped) with
        // the command CONN; a refusal of this mail comes as an SMTP reply to a later command.
        if ((error as { command?: unknown }).command === 'CONN') {
          throw new MailServerUnreachableError(error);
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}
