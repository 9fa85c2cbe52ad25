import WebSocket from 'ws';

export type Frame = { type: string; [k: string]: unknown };

/** A real WebSocket client that records every frame and can wait for one. */
export async function connectSocket(url: string, cookie: string, origin: string) {
  const frames: Frame[] = [];
  const ws = new WebSocket(url, { headers: { cookie, origin } });
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (f: object) => ws.send(JSON.stringify(f)),
    async next(pred: (f: Frame) => boolean, timeout = 3000): Promise<Frame> {
      const start = Date.now();
      for (;;) {
        const hit = frames.find(pred);
        if (hit) return hit;
        if (Date.now() - start > timeout) throw new Error(`no frame; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise<void>((r) => {
        if (ws.readyState === ws.CLOSED) return r();
        ws.once('close', () => r());
        ws.close();
      }),
  };
}

export type TestSocket = Awaited<ReturnType<typeof connectSocket>>;

/** The status a refused handshake answers with (101 when it was accepted). */
export function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
  });
}
