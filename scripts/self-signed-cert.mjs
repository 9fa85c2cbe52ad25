// A throw-away self-signed certificate for localhost, made by openssl, valid one day: for the TLS tests and the
// HTTPS benchmarks only (both give its files to the server as TLS_CERT_FILE / TLS_KEY_FILE).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** @returns {{ certFile: string, keyFile: string }} */
export function makeSelfSignedCert() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lokal-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
