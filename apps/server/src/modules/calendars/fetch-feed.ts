import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { createGunzip } from 'node:zlib';

// Fetching a guide's imported calendar without letting the address reach inside our network (decision 096):
// http(s) only (webcal:// read as https), the host resolved once and every address it gives checked against
// the ranges below, the connection made to the address that was checked (no second look-up an attacker's DNS
// could answer differently), redirects followed by hand — at most 5, each one checked the same way — and a
// deadline and a size limit over the whole fetch.

export const MAX_REDIRECTS = 5;

/** Loopback, private, CGNAT, link-local (cloud metadata), unspecified, multicast, reserved and the like. */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a fetch may connect to this address (public, or named in the test-only allow-list). */
export function isPublicAddress(address: string, allow: readonly string[] = []): boolean {
  if (allow.includes(address)) return true;
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4) return isPublicAddress(v4, allow);
  return !blocked.check(address, 'ipv6');
}

export type FeedErrorCode =
  | 'calendar-url-invalid'
  | 'calendar-address-refused'
  | 'calendar-unreachable'
  | 'calendar-http-error'
  | 'calendar-too-many-redirects'
  | 'calendar-too-big'
  | 'calendar-too-slow'
  | 'calendar-malformed';

/** A fetch or read that failed, with the words the guide sees. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly code: FeedErrorCode,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;
const refused = () =>
  new FeedError(
    'This address leads to a private or local network, which Lokal does not fetch from. Use the calendar’s public ICS address.',
    'calendar-address-refused',
  );
const invalid = () =>
  new FeedError('Use the http, https or webcal address of an ICS calendar.', 'calendar-url-invalid');

/** The address to fetch: webcal:// read as https://; anything but http(s) refused. */
export function feedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid();
  if (url.username || url.password) throw invalid();
  return url;
}

/** The host's addresses, all of which must be public; the first is the one connected to. */
async function checkedAddress(
  url: URL,
  allow: readonly string[],
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new FeedError(`The calendar’s host name ${host} could not be found.`, 'calendar-unreachable');
    }
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address, allow))) throw refused();
  return addresses[0]!;
}

export type FetchedFeed =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

type Answer = { res: http.IncomingMessage } | { redirect: string };

/** One request to an address already checked; the connection goes to that address, whatever DNS says now. */
function requestOnce(
  url: URL,
  to: { address: string; family: number },
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        headers,
        signal,
        // TLS still checks the certificate against the host name in the address.
        lookup: (_host, options, cb) => {
          if ((options as { all?: boolean }).all) (cb as (e: null, a: (typeof to)[]) => void)(null, [to]);
          else (cb as (e: null, a: string, f: number) => void)(null, to.address, to.family);
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
          res.resume();
          resolve({ redirect: res.headers.location });
        } else resolve({ res });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, decompressed, refused past `maxBytes` (announced or read). */
function readBody(res: http.IncomingMessage, maxBytes: number): Promise<string> {
  const tooBig = () =>
    new FeedError(`The calendar is larger than ${Math.round(maxBytes / MB)} MB.`, 'calendar-too-big');
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    return Promise.reject(tooBig());
  }
  const gzip = /^(x-)?gzip$/i.test(String(res.headers['content-encoding'] ?? ''));
  const stream = gzip ? res.pipe(createGunzip()) : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        stream.destroy();
        reject(tooBig());
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
    res.on('error', reject);
  });
}

/**
 * Fetches an imported calendar: a conditional GET (ETag / Last-Modified of the last good copy), redirects
 * followed by hand and checked, within `timeoutMs` and `maxBytes`. Failures are FeedErrors in words.
 */
export async function fetchFeed(
  raw: string,
  options: {
    etag?: string | null;
    lastModified?: string | null;
    timeoutMs: number;
    maxBytes: number;
    allowAddresses: readonly string[];
  },
): Promise<FetchedFeed> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
    'accept-encoding': 'gzip',
    'user-agent': 'Lokal calendar import',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  let url = feedUrl(raw);
  try {
    for (let hop = 0; ; hop++) {
      const to = await checkedAddress(url, options.allowAddresses);
      const answer = await requestOnce(url, to, headers, signal);
      if ('redirect' in answer) {
        if (hop >= MAX_REDIRECTS) {
          throw new FeedError(
            `The calendar’s address redirected more than ${MAX_REDIRECTS} times.`,
            'calendar-too-many-redirects',
          );
        }
        try {
          url = feedUrl(new URL(answer.redirect, url).toString());
        } catch {
          throw new FeedError(
            'The calendar’s address redirected to an address Lokal cannot fetch.',
            'calendar-url-invalid',
          );
        }
        continue;
      }
      const { res } = answer;
      const status = res.statusCode ?? 0;
      if (status === 304) {
        res.resume();
        return { status: 'not-modified' };
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new FeedError(
          `The calendar’s server answered ${status} instead of the calendar.`,
          'calendar-http-error',
        );
      }
      const body = await readBody(res, options.maxBytes);
      const header = (name: string) => {
        const v = res.headers[name];
        return typeof v === 'string' && v.length <= 500 ? v : null;
      };
      return { status: 'ok', body, etag: header('etag'), lastModified: header('last-modified') };
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    if (signal.aborted) {
      throw new FeedError(
        `The calendar’s server did not send the calendar within ${Math.round(options.timeoutMs / 1000)} seconds.`,
        'calendar-too-slow',
      );
    }
    throw new FeedError('The calendar’s server could not be reached.', 'calendar-unreachable');
  }
}
