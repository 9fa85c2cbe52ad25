// The flags every Node process that runs Lokal's server starts with (`npm start`, the test runner's workers, the
// test and bench servers). V8 tracks the pages of compiled code in one table guarded by the CPU's memory
// protection keys where the CPU has them; PGlite's WebAssembly churns that table, and a lookup that misses
// aborts the process (and hangs it while printing the stack), now and then, on such CPUs only. Without the
// keys the table is not kept. See docs/decisions/084-server-process-and-request-path.md.
export const NODE_FLAGS = ['--no-memory-protection-keys'];
