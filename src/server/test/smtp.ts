import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
}

export interface TestSmtp {
  /** An SMTP_URL for the server. */
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with 550. */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { received: [] as ReceivedMail[], refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    // smtp-server's built-in certificate has expired; a real server's STARTTLS is nodemailer's default.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        state.received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A received message's content as written: quoted-printable soft breaks and escapes undone, line ends as \n. */
export function readableContent({ raw }: ReceivedMail): string {
  return raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
}
