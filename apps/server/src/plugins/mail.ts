import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@lokal/shared/i18n/locales';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { translatorFor } from './translations.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  consoleLine?: string;
  /** What the message is, for the outbox and the staff console (decision 085); 'notification' unless told. */
  kind?: string;
  /** A calendar invitation or cancellation sent with the message (decision 096). */
  calendar?: MailCalendar;
};
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string };

/** nodemailer's calendar part: text/calendar with its method, also attached as invite.ics. */
const icalEvent = (c: MailCalendar | undefined) =>
  c ? { icalEvent: { method: c.method, filename: 'invite.ics', content: c.content } } : {};
export type Mailer = { send: (mail: Mail) => Promise<void> };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text from people or settings, safe in HTML, attribute values included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const SMALL = 'font-size:13px;color:#5b6472';

/**
 * The one layout of every e-mail the server sends: a heading, paragraphs, one button (its address also written
 * out), small print; the plain-text part says the same.
 */
export function layoutMail(m: {
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  notes?: string[];
  /** The heading unless given. */
  subject?: string;
  /** The language of the mail's own words (greeting, signature); the caller's texts are already in it. */
  locale?: Locale;
}): { subject: string; text: string; html: string } {
  const t = translatorFor(m.locale ?? 'en');
  const notes = m.notes ?? [];
  const text = [
    t('mail.hello'),
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    m.action.url,
    '',
    ...notes.flatMap((n) => [n, '']),
    t('mail.signature'),
  ].join('\n');
  const url = escapeHtml(m.action.url);
  const html = `<!doctype html><html lang="${m.locale ?? 'en'}"><body style="font-family:Georgia,serif;background:#faf7f2;color:#1b2433;padding:32px">
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(m.heading)}</h1>
${m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${url}" style="display:inline-block;background:#1b2433;color:#faf7f2;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(m.action.label)}</a></p>
<p style="${SMALL}">${escapeHtml(t('mail.pasteAddress'))}<br>${url}</p>
${notes.map((n) => `<p style="${SMALL}">${escapeHtml(n)}</p>`).join('\n')}
</body></html>`;
  return { subject: m.subject ?? m.heading, text, html };
}

/** SMTP when SMTP_URL is set; otherwise one .eml per mail in $DATA_DIR/outbox and a line on the console. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    // Short waits: the outbox worker retries later rather than holding a message for minutes (decision 085).
    const timeout = config.smtpTimeoutMs;
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      async send({ to, subject, text, html, calendar }) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html, ...icalEvent(calendar) });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, consoleLine, calendar }) {
      const info = await builder.sendMail({
        from: config.mailFrom,
        to,
        subject,
        text,
        html,
        ...icalEvent(calendar),
      });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to, file }, 'mail written to the outbox');
      // The developer's way in without a mail server.
      if (consoleLine) console.log(consoleLine);
    },
  };
}
