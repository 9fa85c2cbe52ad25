import { createServer } from 'node:http';

export type ReceivedSms = { to: string; text: string };

/** An HTTP receiver standing in for an SMS gateway behind SMS_WEBHOOK_URL; keeps every message. */
export async function startSmsReceiver(options: { failWith?: number } = {}) {
  const messages: ReceivedSms[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (options.failWith) {
        res.writeHead(options.failWith).end();
        return;
      }
      messages.push(JSON.parse(body) as ReceivedSms);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    /** The 6-digit code of the last SMS sent to this number. */
    lastCode(to: string): string {
      const sms = [...messages].reverse().find((m) => m.to === to);
      const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code for ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
