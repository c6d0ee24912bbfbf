import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

/** One push the stand-in accepted: who it was for, its VAPID header, the decrypted payload. */
export interface ReceivedPush {
  readonly subscription: string;
  readonly authorization: string;
  readonly encoding: string;
  readonly payload: string;
}

/** A browser-side subscription the stand-in can read pushes for (its private key stays here). */
export interface StandInSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A fresh self-signed certificate for 127.0.0.1 (openssl), as push services speak HTTPS only:
 * the sender trusts it through `ca` (in process) or NODE_EXTRA_CA_CERTS (a stack's workers).
 */
function localCertificate(): { key: Buffer; cert: Buffer; certPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-push-'));
  const [keyPath, certPath] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
    ...['-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyPath, '-out', certPath],
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath };
}

function body(request: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks)));
    request.on('error', fail);
  });
}

/**
 * A local stand-in for a browser vendor's push service (RFC 8030, over HTTPS), for tests: it hands out
 * subscriptions whose keys it holds (as a browser would), accepts the VAPID-signed, aes128gcm
 * pushes the server sends to their endpoints (201), decrypts them with the subscription's keys,
 * and keeps what it received. An endpoint it did not hand out answers 410 Gone, as a real
 * service does for an expired subscription.
 */
export async function startPushStandIn(): Promise<{
  /** The stand-in's certificate: trust it to send to it (PEM, and its file for NODE_EXTRA_CA_CERTS). */
  ca: Buffer;
  caPath: string;
  subscribe(): StandInSubscription;
  received: ReceivedPush[];
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  const tls = localCertificate();
  const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    void body(request).then((buffer) => {
      const id = (request.url ?? '').split('/').pop() ?? '';
      const key = keys.get(id);
      if (request.method !== 'POST' || !key) {
        response.writeHead(410).end();
        return;
      }
      const payload = ece
        .decrypt(buffer, { version: 'aes128gcm', privateKey: key.ecdh, authSecret: key.auth })
        .toString('utf8');
      received.push({
        subscription: id,
        authorization: String(request.headers['authorization'] ?? ''),
        encoding: String(request.headers['content-encoding'] ?? ''),
        payload,
      });
      response.writeHead(201).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    ca: tls.cert,
    caPath: tls.certPath,
    received,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        endpoint: `https://127.0.0.1:${port}/push/${id}`,
        p256dh: base64url(ecdh.getPublicKey()),
        auth: base64url(auth),
      };
    },
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
