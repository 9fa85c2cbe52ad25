import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError } from './db/client.ts';

// Listen and shut down gracefully; everything else lives in buildApp.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config, { seed: !config.production });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Connections waiting to be accepted: Node's 511 dropped some of a thousand clients arriving together, and
  // each of those waited for TCP to retry its handshake (1, 3, 7, 15 s), whatever the server did.
  // The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  app.log.info(`Lokal is ready at ${config.publicUrl}`);
}

main().catch((err) => {
  // A data folder that cannot be used is the operator's to fix: the words, not a stack.
  console.error(err instanceof DataDirError ? err.message : err);
  process.exit(1);
});
