import { clientFrameSchema, type ServerFrame } from '@lokal/shared/schemas/chat';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findBadText } from '../../plugins/input.ts';
import type { Hub } from '../../plugins/realtime.ts';
import { appOrigin } from '../../plugins/security.ts';
import type { App } from '../../types.ts';
import type { ChatService } from './service.ts';

export const MAX_FRAME_BYTES = 64 * 1024;
// Per connection: at most this many frames in each window; more are answered with an error and dropped.
const FRAMES_PER_WINDOW = 40;
const WINDOW_MS = 10_000;

export function chatSocketRoute(app: App, service: ChatService, hub: Hub, config: Config) {
  const allowedOrigin = appOrigin(config);

  app.get(
    '/ws',
    {
      websocket: true,
      // Refused before the upgrade: a foreign page, or nobody signed in.
      preValidation: async (request) => {
        if (request.headers.origin !== allowedOrigin) {
          throw new HttpError(403, 'Requests from another site are not allowed', 'forbidden-origin');
        }
        if (!request.auth) throw new HttpError(401, 'User not authenticated', 'unauthenticated');
      },
      schema: {
        tags: ['chat'],
        summary: 'WebSocket: live messages, read receipts, typing and presence',
        hide: true,
      },
    },
    (socket, request) => {
      // preValidation refused the upgrade without a session; this check only gives the handler its type.
      const auth = request.auth;
      if (!auth) {
        socket.close(1008, 'unauthenticated');
        return;
      }
      const { user, sessionId } = auth;
      const send = (frame: ServerFrame) =>
        socket.readyState === socket.OPEN && socket.send(JSON.stringify(frame));
      if (hub.add(user.id, socket, sessionId)) void service.presence(user, true).catch(() => {});
      let windowStart = Date.now();
      let frames = 0;

      socket.on('message', async (raw) => {
        const t = Date.now();
        if (t - windowStart > WINDOW_MS) {
          windowStart = t;
          frames = 0;
        }
        if (++frames > FRAMES_PER_WINDOW) {
          send({ type: 'error', message: 'Slow down a little.', code: 'too-many-requests' });
          return;
        }
        let parsed: ReturnType<typeof clientFrameSchema.safeParse>;
        try {
          parsed = clientFrameSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          send({ type: 'error', message: 'Frames are JSON', code: 'bad-frame' });
          return;
        }
        if (!parsed.success) {
          send({ type: 'error', message: parsed.error.issues[0]?.message ?? 'Bad frame', code: 'bad-frame' });
          return;
        }
        // The HTTP routes refuse such text in registerInputGuard; frames skip that hook.
        const bad = findBadText(parsed.data, 'frame');
        if (bad) {
          send({ type: 'error', message: bad.message, code: 'bad-frame' });
          return;
        }
        const frame = parsed.data;
        try {
          if (frame.type === 'send') {
            const { message } = await service.send(user, {
              conversationId: frame.conversationId,
              body: frame.body,
              clientId: frame.clientId,
            });
            send({ type: 'ack', clientId: frame.clientId, message });
          } else if (frame.type === 'read') {
            await service.markRead(user, frame.conversationId);
          } else if (frame.type === 'typing') {
            await service.typing(user, frame.conversationId);
          } else {
            const { messages, receipt } = await service.resume(user, frame.conversationId, frame.after, 100);
            send({ type: 'history', conversationId: frame.conversationId, messages });
            if (receipt) send(receipt);
          }
        } catch (err) {
          const e =
            err instanceof HttpError ? err : new HttpError(500, 'Something went wrong', 'internal-error');
          if (!(err instanceof HttpError)) request.log.error({ err }, 'websocket frame failed');
          send({
            type: 'error',
            message: e.message,
            code: e.code,
            ...(frame.type === 'send' ? { clientId: frame.clientId } : {}),
          });
        }
      });

      socket.on('close', () => {
        if (hub.remove(user.id, socket)) void service.presence(user, false).catch(() => {});
      });
    },
  );
}
