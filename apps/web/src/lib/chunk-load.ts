/** The code of a screen could not be fetched: the network is down, or a new build removed the file. */
export class ChunkLoadError extends Error {
  /** Whether the browser was offline when it failed. */
  readonly offline: boolean;
  constructor(cause: unknown) {
    super('Could not load this screen', { cause });
    this.name = 'ChunkLoadError';
    this.offline = !navigator.onLine;
  }
}

const RETRY_AFTER_MS = 400;

/** Loads a chunk, once more after a short pause when the first try fails (a dropped request, a restart). */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    if (navigator.onLine) await new Promise((r) => setTimeout(r, RETRY_AFTER_MS));
    try {
      return await load();
    } catch (err) {
      throw new ChunkLoadError(err);
    }
  }
}

/** A module that could not be fetched, loaded by us or by anyone else (the browsers' own wordings). */
export function isChunkFailure(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}
