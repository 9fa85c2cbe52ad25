import { config } from 'zod/v4/core';

// The server's CSP forbids eval. Without `jitless`, zod probes `new Function('')` on its first object
// parse, which the browser reports as a CSP violation (Lighthouse "inspector-issues"). Interpret instead.
config({ jitless: true });
