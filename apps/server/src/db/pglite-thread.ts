// The embedded database's engine in a thread of its own (decision 066): PGlite, the WASM build of PostgreSQL,
// opened on the folder (or in memory) the server names, answering calls in the wire protocol, one at a time and
// in the order they came. The server's thread keeps everything else (statements, parsing, listeners); see
// pglite-remote.ts. Plain TypeScript (types only), so Node runs it as it is from src/ and as built in dist/.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What the server asks: run a protocol message, sync the files, close. */
export type EngineRequest = { op: 'run'; message: Uint8Array; syncToFs: boolean } | { op: 'sync' | 'close' };
type EngineCall = EngineRequest & { id: number };
/** The answer to a call: the engine's output bytes for a run, or the error that stopped it. */
export type EngineAnswer = { id: number; data?: Uint8Array; error?: { message: string } };

const port = parentPort;
if (!port) throw new Error('pglite-thread runs as a worker thread');
const { dataDir } = workerData as { dataDir?: string };
// One argument: PGlite reads its options from the first only when no folder is given.
const engine = new PGlite({ dataDir, extensions: { pg_trgm, btree_gist, cube } });

/** One run's output in one buffer (the engine hands views of its memory, reused by the next run). */
async function run(message: Uint8Array, syncToFs: boolean): Promise<Uint8Array> {
  let out = new Uint8Array(4096);
  let length = 0;
  const onRawData = (data: Uint8Array) => {
    if (length + data.length > out.length) {
      const bigger = new Uint8Array(Math.max(out.length * 2, length + data.length));
      bigger.set(out.subarray(0, length));
      out = bigger;
    }
    out.set(data, length);
    length += data.length;
  };
  await engine.execProtocolRawStream(message, { syncToFs, onRawData });
  return out.subarray(0, length);
}

async function answer(call: EngineCall): Promise<void> {
  try {
    if (call.op === 'run') {
      const data = await run(call.message, call.syncToFs);
      port!.postMessage({ id: call.id, data } satisfies EngineAnswer, [data.buffer as ArrayBuffer]);
      return;
    }
    if (call.op === 'sync') await engine.syncToFs();
    else await engine.close();
    port!.postMessage({ id: call.id } satisfies EngineAnswer);
  } catch (err) {
    port!.postMessage({ id: call.id, error: { message: (err as Error).message } } satisfies EngineAnswer);
  }
}

// Strictly in order: each call starts when the one before it has answered.
let tail: Promise<void> = engine.waitReady.then(
  () => port.postMessage({ id: 0 } satisfies EngineAnswer),
  (err: Error) => port.postMessage({ id: 0, error: { message: err.message } } satisfies EngineAnswer),
);
port.on('message', (call: EngineCall) => {
  tail = tail.then(() => answer(call));
});
