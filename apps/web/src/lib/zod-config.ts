// The server's CSP forbids eval. Without `jitless`, zod probes `new Function('')` on its first object
// parse, which the browser reports as a CSP violation (Lighthouse "inspector-issues"). zod keeps its
// config on this global so that every copy shares it; setting it here keeps zod itself out of the entry
// chunk (importing `config` from 'zod/v4/core' would add ~4 kB gzipped). zod-config.test.ts checks that
// zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutate in place: a zod copy already loaded holds a reference to this very object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
