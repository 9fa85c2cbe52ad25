import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { type FeeRates, percentToBasisPoints } from '@lokal/shared/domain/money';
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
    S3_URL: z
      .string()
      .transform((v, ctx) => {
        const s3 = parseS3Url(v);
        if (typeof s3 === 'string') {
          ctx.addIssue({ code: 'custom', message: s3 });
          return z.NEVER;
        }
        return s3;
      })
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Lokal <hello@lokal.app>'),
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    BOT_CHECK: z.enum(['on', 'off']).default('on'),
    BOT_CHECK_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    INVITES: emailList.optional(),
    ADMIN_EMAILS: emailList.optional(),
    EXCHANGE_RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    // The traveller's service fee and the guide's commission, in percent with at most two decimals (decision 095).
    SERVICE_FEE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(50)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'must have at most two decimals')
      .default(10),
    COMMISSION_PERCENT: z.coerce
      .number()
      .min(0)
      .max(50)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'must have at most two decimals')
      .default(15),
    SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
    SLOTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // Test-only: addresses a calendar import may reach although they are private (decision 096). Refused in
    // production, so it cannot be left on there by accident.
    CALENDAR_IMPORT_ALLOW_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().refine((a) => isIP(a) !== 0, 'must be a comma-separated list of IP addresses')),
      )
      .optional(),
    CALENDAR_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    // Web Push (decision 098): both keys or neither; unset → a pair generated once into $DATA_DIR/vapid.json.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
      .optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const trust = parseTrustProxy(v ?? '');
        if (typeof trust === 'string') {
          ctx.addIssue({ code: 'custom', message: trust });
          return z.NEVER;
        }
        return trust;
      }),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      const missing = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other TLS file' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    if (!env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production' });
    if (env.CALENDAR_IMPORT_ALLOW_HOSTS?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['CALENDAR_IMPORT_ALLOW_HOSTS'],
        message: 'is for tests only and cannot be set in production',
      });
  });

export type Config = {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Stored files (photos, identity documents) go to this bucket; unset → the database server or the folder. */
  s3: S3Config | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long the outbox worker waits for the SMTP server to connect, greet or answer (decision 085). */
  smtpTimeoutMs: number;
  smsWebhookUrl: string | undefined;
  /** How long a verification SMS waits for the gateway: the member is waiting too (decision 085). */
  smsTimeoutMs: number;
  /** The proof-of-work check before an SMS code is sent (decision 094); off with BOT_CHECK=off. */
  botCheck: boolean;
  /**
   * Signs the bot check's challenges. Unset → a random key per process, so a challenge is answered to the
   * instance that made it: several instances behind one address need BOT_CHECK_KEY set, the same on each.
   */
  botCheckKey: string;
  invites: string[];
  adminEmails: string[];
  logLevel: string;
  /** A USD-based rates endpoint answering `{ rates: { EUR: 0.92, … } }`; unset → the shipped table. */
  exchangeRatesUrl: string | undefined;
  /** Multiplies every rate limit (tests raise them; the defaults stay in production). */
  rateLimitScale: number;
  /** The traveller's service fee and the guide's commission, in basis points (decision 095). */
  fees: FeeRates;
  /** How long a guide-search page is reused for the same query (0 = never). */
  searchCacheMs: number;
  /** How long an instance keeps a session it looked up (decision 084); 0 reads it on every request. */
  sessionCacheMs: number;
  slotsCacheMs: number;
  /**
   * Guides' imported calendars (decision 096): how long one fetch may take, how big a feed may be, and —
   * in tests only (CALENDAR_IMPORT_ALLOW_HOSTS, refused in production) — private addresses a fetch may reach.
   */
  calendarImports: { timeoutMs: number; maxBytes: number; allowAddresses: string[] };
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Serve HTTPS directly with this certificate (PEM); unset → plain HTTP (behind a TLS proxy in production). */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /**
   * Which peers' `X-Forwarded-For` names the client (Fastify's `trustProxy`): false, none (no proxy); a number,
   * that many proxies in front; a list, the proxies' addresses and ranges.
   */
  trustProxy: false | number | string[];
  /**
   * Web Push's VAPID keys (decision 098); undefined → generated once and kept in `$DATA_DIR/vapid.json`.
   * `subject` is the contact push services may write to (the MAIL_FROM address unless VAPID_SUBJECT).
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: empty → false; `2` → two hops; `10.0.0.0/8, 192.168.1.5, loopback` → those peers. */
export function parseTrustProxy(value: string): Config['trustProxy'] | string {
  const v = value.trim();
  if (v === '') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : 'must be a hop count from 1 to 10';
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => {
    if (PROXY_NAMES.has(e)) return false;
    const [address, bits, extra] = e.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128);
  });
  return bad.length
    ? `must be a hop count or a comma-separated list of proxy addresses and ranges (not: ${bad.join(', ')})`
    : entries;
}

/** An S3-compatible bucket, read from `s3://key:secret@host:port/bucket[/prefix]?region=…&forcePathStyle=true`. */
export type S3Config = {
  /** `https://host:port` (`s3://`), or `http://host:port` (`s3+http://`, a bucket server on the local network). */
  endpoint: string;
  region: string;
  bucket: string;
  /** Keys start with this (`lokal/`), so one bucket can hold several things; empty: none. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const S3_FORM = 'must be s3://key:secret@host[:port]/bucket[/prefix][?region=…&forcePathStyle=true]';

/** The bucket an S3_URL names, or what is wrong with it. */
export function parseS3Url(value: string): S3Config | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return S3_FORM;
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') return S3_FORM;
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!url.hostname || !bucket || !url.username || !url.password) return S3_FORM;
  const known = new Set(['region', 'forcePathStyle']);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length) return `has unknown options (${unknown.join(', ')}); ${S3_FORM}`;
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') return 'forcePathStyle must be true or false';
  return {
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: pathStyle === 'true',
  };
}

/** The address in `From:` ("Lokal <hello@lokal.app>" → hello@lokal.app). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

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
    s3: e.S3_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    smsTimeoutMs: e.SMS_TIMEOUT_MS,
    botCheck: e.BOT_CHECK === 'on',
    botCheckKey: e.BOT_CHECK_KEY ?? randomBytes(32).toString('hex'),
    invites: e.INVITES ?? (production ? [] : emailList.parse(DEV_INVITES)),
    adminEmails: e.ADMIN_EMAILS ?? (production ? [] : emailList.parse(DEV_ADMINS)),
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    fees: {
      serviceFeeBp: percentToBasisPoints(e.SERVICE_FEE_PERCENT),
      commissionBp: percentToBasisPoints(e.COMMISSION_PERCENT),
    },
    searchCacheMs: e.SEARCH_CACHE_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    slotsCacheMs: e.SLOTS_CACHE_MS,
    calendarImports: {
      timeoutMs: e.CALENDAR_IMPORT_TIMEOUT_MS,
      maxBytes: 5 * 1024 * 1024,
      allowAddresses: e.CALENDAR_IMPORT_ALLOW_HOSTS ?? [],
    },
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
    webDist: undefined,
    tls,
    trustProxy: e.TRUST_PROXY,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${addressOf(e.MAIL_FROM)}`,
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
