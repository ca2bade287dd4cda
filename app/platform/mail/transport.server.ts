import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one mail or throws; the outbox worker retries what throws. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
