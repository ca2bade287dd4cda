import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpServerOptions {
  /** A port to listen on (a server that comes back where the app expects it); a free one by default. */
  port?: number;
  /** How long accepting each mail takes, so that senders overlap. */
  delayMs?: number;
}

/**
 * A real SMTP server on a local port that keeps what it receives; `refuse` makes it reject mails,
 * `hold` makes it keep the sender waiting for its answer until `release`.
 */
export async function startSmtpServer({ port = 0, delayMs = 0 }: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let holding = false;
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) return callback(new Error('451 try again later'));
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holding) held.push(accept);
        else setTimeout(accept, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    refuse(value = true) {
      refusing = value;
    },
    hold() {
      holding = true;
    },
    /** Mails whose sender is waiting for the server's answer. */
    get heldCount() {
      return held.length;
    },
    release() {
      holding = false;
      held.splice(0).forEach((accept) => accept());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
