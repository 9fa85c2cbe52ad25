import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small S3-compatible bucket server on 127.0.0.1 for the tests: PUT, GET, HEAD and DELETE of objects, path
// style (/bucket/key), every request checked against AWS Signature Version 4 with one key pair, as a private
// bucket does: a request without a valid signature is refused (403), so nothing is readable anonymously.

export type S3Request = { method: string; key: string; headers: http.IncomingHttpHeaders };
type S3Object = { data: Buffer; contentType: string; meta: Record<string, string> };

export type TestS3Server = {
  /** S3_URL for the app: `s3+http://key:secret@127.0.0.1:port/bucket?forcePathStyle=true&region=…`. */
  url: string;
  /** The server's origin, to send requests of one's own (anonymous ones, for instance). */
  origin: string;
  bucket: string;
  objects: Map<string, S3Object>;
  /** Every signed request the bucket accepted, in order. */
  requests: S3Request[];
  close: () => Promise<void>;
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
// RFC 3986: what encodeURIComponent leaves that SigV4 encodes.
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** The body of an `aws-chunked` upload: `<hex size>;chunk-signature=…\r\n<bytes>\r\n` until a chunk of 0. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const eol = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startS3Server(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'lokal-test';
  const accessKeyId = options.accessKeyId ?? 'LOKALTESTKEY';
  const secretAccessKey = options.secretAccessKey ?? 'lokal/test+secret';
  const region = options.region ?? 'eu-test-1';
  const objects = new Map<string, S3Object>();
  const requests: S3Request[] = [];

  /** Whether the request carries a valid SigV4 signature for our key pair. */
  function signedCorrectly(req: http.IncomingMessage, body: Buffer): boolean {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return false;
    const [, key, day, signedRegion, signedHeaders, signature] = m as unknown as string[];
    if (key !== accessKeyId || signedRegion !== region) return false;
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!amzDate.startsWith(day!) || !payloadHash) return false;
    if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) return false;
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = signedHeaders!.split(';');
    if (!names.includes('host')) return false;
    const headers = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const signingKey = ['s3', 'aws4_request'].reduce(
      (k, part) => hmac(k, part),
      hmac(hmac(`AWS4${secretAccessKey}`, day!), region),
    );
    const expected = hmac(signingKey, toSign);
    return timingSafeEqual(expected, Buffer.from(signature!, 'hex'));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const [, inBucket, ...rest] = path.split('/');
      const key = rest.join('/');
      if (!signedCorrectly(req, raw)) return xmlError(res, 403, 'AccessDenied', 'Access Denied');
      if (inBucket !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The bucket does not exist');
      if (!key) return xmlError(res, 501, 'NotImplemented', 'Only object requests');
      requests.push({ method: req.method ?? '', key, headers: req.headers });
      const found = objects.get(key);
      const etag = (o: S3Object) => `"${createHash('md5').update(o.data).digest('hex')}"`;
      switch (req.method) {
        case 'PUT': {
          const chunked = String(req.headers['x-amz-content-sha256']).startsWith('STREAMING-');
          const data = chunked ? unchunk(raw) : raw;
          const meta = Object.fromEntries(
            Object.entries(req.headers)
              .filter(([n]) => n.startsWith('x-amz-meta-'))
              .map(([n, v]) => [n.slice('x-amz-meta-'.length), String(v)]),
          );
          const object = {
            data,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            meta,
          };
          objects.set(key, object);
          res.writeHead(200, { etag: etag(object) });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!found) {
            if (req.method === 'HEAD') {
              res.writeHead(404);
              return res.end();
            }
            return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          }
          res.writeHead(200, {
            'content-type': found.contentType,
            'content-length': found.data.length,
            etag: etag(found),
            ...Object.fromEntries(Object.entries(found.meta).map(([n, v]) => [`x-amz-meta-${n}`, v])),
          });
          return res.end(req.method === 'GET' ? found.data : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'Not allowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `s3+http://${encode(accessKeyId)}:${encode(secretAccessKey)}@127.0.0.1:${port}/${bucket}?region=${region}&forcePathStyle=true`,
    origin,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
