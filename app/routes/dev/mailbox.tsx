import type { Route } from './+types/mailbox';
import { servicesContext } from '~/context';
import { mailOutbox } from '~/shared/mail/outbox.server';
import { notFound } from '~/shared/navigation/route-validation';
import { smsOutbox } from '~/shared/sms/outbox.server';
import { brandedPageTitle, privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ matches }) => [
  brandedPageTitle(matches, 'Mailbox (development)'),
  { name: 'robots', content: 'noindex' },
];
export const headers = privatePageHeaders;

/**
 * Development mailbox: the mail outbox and the SMS outbox as lists, for laptops without an SMTP
 * server or SMS gateway. Each list exists only without its delivery service on the embedded database
 * (or with DEV_MAILBOX=on); with neither, the page is a 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { mail, database } = services;
  const smsEnabled = services.sms.boxEnabled;
  if (!mail.mailboxEnabled && !smsEnabled) notFound(url.pathname);
  const [mails, sms] = await Promise.all([
    mail.mailboxEnabled ? mailOutbox.latest(database.db) : [],
    smsEnabled ? smsOutbox.latest(database.db) : [],
  ]);
  return {
    mailsEnabled: mail.mailboxEnabled,
    smsEnabled,
    mails: mails.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    })),
    sms: sms.map((row) => ({
      id: row.id,
      to: row.recipient,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Mailbox (development)</h1>
      {loaderData.mailsEnabled ? (
        <>
          {loaderData.mails.length === 0 ? <p>No mails yet.</p> : null}
          <ol className="mailbox">
            {loaderData.mails.map((mail) => (
              <li key={mail.id} className="mailbox__mail">
                <h2>{mail.subject}</h2>
                <p>
                  To: <span className="mailbox__to">{mail.to}</span> ·{' '}
                  <time dateTime={mail.createdAt}>{mail.createdAt}</time>
                </p>
                <pre className="mailbox__text">{mail.text}</pre>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {loaderData.smsEnabled ? (
        <section aria-labelledby="sms-heading">
          <h2 id="sms-heading">SMS (development)</h2>
          {loaderData.sms.length === 0 ? <p>No SMS yet.</p> : null}
          <ol className="mailbox" aria-label="SMS">
            {loaderData.sms.map((sms) => (
              <li key={sms.id} className="mailbox__mail mailbox__sms">
                <p>
                  SMS to: <span className="mailbox__to">{sms.to}</span> ·{' '}
                  <time dateTime={sms.createdAt}>{sms.createdAt}</time>
                </p>
                <pre className="mailbox__text">{sms.text}</pre>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
