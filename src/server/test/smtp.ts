import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
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
  /** The user names that tried to sign in to the server (AUTH), in order. */
  signIns: string[];
  close(): Promise<void>;
}

/** This machine's address on its network, not loopback: mail sent to it is mail that crosses a network. */
export function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  if (!address) throw new Error('This machine has no network address other than loopback to run a mail server on');
  return address.address;
}

/**
 * A real SMTP server on a free port that keeps what it receives: on loopback, or on `host` (see networkAddress).
 * It offers no STARTTLS, as a server that takes mail only in clear.
 */
export async function startTestSmtp({ host = '127.0.0.1' }: { host?: string } = {}): Promise<TestSmtp> {
  const state = { received: [] as ReceivedMail[], refuse: false, signIns: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      state.signIns.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
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
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://${host}:${port}`,
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
