import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** Undoes quoted-printable soft breaks and escapes so a link can be read back out of a raw mail. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function extractSignInLink(raw: string): string {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"<]+auth-redirect\?[^\s"<]+/);
  if (!match) throw new Error(`no sign-in link in mail:\n${raw}`);
  return match[0].replaceAll('&amp;', '&');
}

/** A raw mail as its reader sees it: the decoded subject, plain text and HTML. */
export async function readMail(raw: string): Promise<{ subject: string; text: string; html: string }> {
  const mail = await PostalMime.parse(raw);
  return { subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html ?? '' };
}

export function outboxMails(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server (the smtp-server package) on a free port that keeps what it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  mails: CapturedMail[];
  close: () => Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
