import type { ClientFrame, ServerFrame } from '@lokal/shared/schemas/chat';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

type FrameListener = (frame: ServerFrame) => void;
/** `reconnected` is true when the socket opened again after a drop: time to ask for what was missed. */
type OpenListener = (reconnected: boolean) => void;

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;

/**
 * The one WebSocket of the app (/api/ws). The session cookie authenticates it; it reconnects with
 * backoff and jitter, at once when the browser comes back online or the tab becomes visible.
 */
function createRealtime() {
  let ws: WebSocket | null = null;
  let status: RealtimeStatus = 'idle';
  let wanted = false;
  let attempt = 0;
  let everOpened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frameListeners = new Set<FrameListener>();
  const openListeners = new Set<OpenListener>();
  const statusListeners = new Set<() => void>();

  const setStatus = (s: RealtimeStatus) => {
    status = s;
    for (const l of statusListeners) l();
  };

  function connect() {
    clearTimeout(timer);
    if (!wanted || (ws && ws.readyState <= WebSocket.OPEN)) return;
    // Offline, an attempt can only fail: the 'online' event starts the next one.
    if (!navigator.onLine) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const socket = new WebSocket(url);
    ws = socket;
    setStatus('connecting');
    socket.onopen = () => {
      attempt = 0;
      setStatus('open');
      const reconnected = everOpened;
      everOpened = true;
      for (const l of openListeners) l(reconnected);
    };
    socket.onmessage = (e) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(e.data)) as ServerFrame;
      } catch {
        return;
      }
      for (const l of frameListeners) l(frame);
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      setStatus('closed');
      if (!wanted) return;
      const delay = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt++);
      timer = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
    };
  }

  const wake = () => {
    if (wanted && !ws && document.visibilityState === 'visible') connect();
  };
  // A socket can outlive the network for a long while without noticing: drop it now and say so.
  const drop = () => {
    const socket = ws;
    if (!socket) return;
    ws = null;
    socket.close();
    setStatus('closed');
  };

  return {
    start() {
      if (wanted) return;
      wanted = true;
      window.addEventListener('online', wake);
      window.addEventListener('offline', drop);
      document.addEventListener('visibilitychange', wake);
      connect();
    },
    stop() {
      wanted = false;
      everOpened = false;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', drop);
      document.removeEventListener('visibilitychange', wake);
      ws?.close();
      ws = null;
      setStatus('idle');
    },
    /** False when the socket is not open; callers fall back to HTTP or wait for the next open. */
    send(frame: ClientFrame): boolean {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    onFrame(l: FrameListener) {
      frameListeners.add(l);
      return () => void frameListeners.delete(l);
    },
    onOpen(l: OpenListener) {
      openListeners.add(l);
      return () => void openListeners.delete(l);
    },
    subscribeStatus(l: () => void) {
      statusListeners.add(l);
      return () => void statusListeners.delete(l);
    },
    status: () => status,
    /** The connection was open, dropped, and is being opened again (the app says so in its banner). */
    reconnecting: () => wanted && everOpened && status !== 'open',
  };
}

export const realtime = createRealtime();
