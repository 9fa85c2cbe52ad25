import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html: string; consoleLine?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise one .eml per mail in $DATA_DIR/outbox and a line on the console. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, consoleLine }) {
      const info = await builder.sendMail({ from: config.mailFrom, to, subject, text, html });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to, file }, 'mail written to the outbox');
      // The developer's way in without a mail server.
      if (consoleLine) console.log(consoleLine);
    },
  };
}
