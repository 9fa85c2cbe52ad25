/**
 * Asks `read` again every `interval` ms until it gives a value (anything but undefined) and returns it;
 * fails with `what` after `timeout` ms. For what the page cannot show: a mail arriving, focus settling.
 */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  { timeout = 5_000, interval = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not there after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
