import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DEV_INVITES = 'tourist@lokal.test,guide@lokal.test,traveler@lokal.test';
const DEV_ADMINS = 'staff@lokal.test';

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(memory:\/\/|postgres(ql)?:\/\/)/, 'must be memory:// or a postgres:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Lokal <hello@lokal.app>'),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    INVITES: emailList.optional(),
    ADMIN_EMAILS: emailList.optional(),
    EXCHANGE_RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SLOTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      const missing = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other TLS file' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    if (!env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' });
  });

export type Config = {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  invites: string[];
  adminEmails: string[];
  logLevel: string;
  /** A USD-based rates endpoint answering `{ rates: { EUR: 0.92, … } }`; unset → the shipped table. */
  exchangeRatesUrl: string | undefined;
  /** Multiplies every rate limit (tests raise them; the defaults stay in production). */
  rateLimitScale: number;
  /** How long a guide-search page is reused for the same query (0 = never). */
  searchCacheMs: number;
  slotsCacheMs: number;
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Serve HTTPS directly with this certificate (PEM); unset → plain HTTP (behind a TLS proxy in production). */
  tls: { cert: Buffer; key: Buffer } | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws one error that lists every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'} ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE);
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    invites: e.INVITES ?? (production ? [] : emailList.parse(DEV_INVITES)),
    adminEmails: e.ADMIN_EMAILS ?? (production ? [] : emailList.parse(DEV_ADMINS)),
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    searchCacheMs: e.SEARCH_CACHE_MS,
    slotsCacheMs: e.SLOTS_CACHE_MS,
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
    webDist: undefined,
    tls,
    ...overrides,
  };
}

function readTls(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile || !keyFile) return undefined;
  const problems: string[] = [];
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      problems.push(`${name} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${file})`);
      return Buffer.alloc(0);
    }
  };
  const tls = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  if (problems.length) throw new ConfigError(problems);
  return tls;
}
