import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Logger } from './logger';

// Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file to the
// outbox folder under DATA_DIR (and its links logged), so the product works offline. The MIME message
// is composed by `compose` (composeMail, on the render pool's threads in the server: render-tasks.ts),
// and the transport only carries the finished bytes.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The message as it is sent (MIME: headers, a text and an HTML part, quoted-printable), by nodemailer's
 * composer, with CRLF line ends or, for a file, `unix` ones.
 */
export async function composeMail(
  message: MailMessage & { from: string },
  options: { newline?: 'unix' } = {},
): Promise<Buffer> {
  const raw = await new MailComposer(message).compile().build();
  return options.newline === 'unix' ? Buffer.from(raw.toString('utf8').replace(/\r\n/g, '\n')) : raw;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Where the message is composed: composeMail here, or the same function on a worker thread. */
  compose?: typeof composeMail;
}): Mailer {
  const compose = options.compose ?? composeMail;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const raw = await compose({ from: options.from, ...message });
        // A finished message is not parsed again: the envelope says who it goes to.
        await transport.sendMail({ envelope: { from: options.from, to: message.to }, raw });
      },
    };
  }
  let sequence = 0;
  return {
    async send(message) {
      const raw = await compose({ from: options.from, ...message }, { newline: 'unix' });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      // The sequence keeps two messages to one address in the same millisecond apart (and in order).
      sequence = (sequence + 1) % 1_000_000;
      const file = join(options.outboxDir, `${stamp}-${String(sequence).padStart(6, '0')}-${safeTo}.eml`);
      await writeFile(file, raw);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox');
    },
  };
}
