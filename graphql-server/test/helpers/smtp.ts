import { SMTPServer } from 'smtp-server';

// A real SMTP server for the mail tests (smtp-server on a free loopback port): it keeps every message
// received, per recipient, and can refuse the next few (a failing SMTP attempt, to exercise retries).

export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface SmtpInbox {
  /** The `SMTP_URL` that reaches this server. */
  url: string;
  /** A test server's mail settings that send here. */
  mail: { smtpUrl: string; from: string; outboxDir: string };
  received: ReceivedMail[];
  /** Forgets what was received so far. */
  clear(): void;
  /** The next n messages are refused with a temporary error. */
  refuseNext(n: number): void;
  /** The raw messages received for this address. */
  mailsTo(user: { email: string }): ReceivedMail[];
  close(): Promise<void>;
}

/** Folded headers joined, quoted-printable soft breaks and escapes undone, so links can be matched. */
export const decoded = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function startSmtpInbox(): Promise<SmtpInbox> {
  let refusals = 0;
  const inbox: Omit<SmtpInbox, 'url' | 'mail'> = {
    received: [],
    clear() {
      inbox.received.length = 0;
    },
    refuseNext(n) {
      refusals = n;
    },
    mailsTo: (user) => inbox.received.filter((mail) => mail.to === user.email),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          callback(new Error('451 try again later'));
          return;
        }
        for (const to of session.envelope.rcptTo) inbox.received.push({ to: to.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const url = `smtp://127.0.0.1:${port}`;
  return {
    ...inbox,
    url,
    mail: { smtpUrl: url, from: 'VetConsult <test@vetconsult.local>', outboxDir: '/nonexistent' },
  };
}
