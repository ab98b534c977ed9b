/**
 * A private redis-server with a password and/or TLS for the cluster-secrets test (issue 19 item 9): certificates
 * made with openssl in a temporary folder (a CA, a server certificate for localhost / 127.0.0.1, a client
 * certificate, all signed by that CA), the server on a free port, stopped by the test. Never the shared Redis.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { freePort } from './child-server';

export interface Certs { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string }

/** Why a private redis-server (with TLS if `tls`) cannot run here, or null. */
export function redisServerProblem(): string | null {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'no redis-server on the PATH';
  }
  return null;
}

export function opensslProblem(): string | null {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'no openssl on the PATH';
  }
}

/** A CA and two certificates it signed (server: localhost and 127.0.0.1; client), in `dir`. */
export function makeCerts(dir: string): Certs {
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '1', '-subj', '/CN=mint-test-ca');
  writeFileSync(f('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  for (const [who, cn, ext] of [['server', 'localhost', f('server.ext')], ['client', 'mint-test-client', undefined]] as const) {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${who}.key`), '-out', f(`${who}.csr`), '-subj', `/CN=${cn}`);
    ssl('x509', '-req', '-in', f(`${who}.csr`), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f(`${who}.pem`),
      '-days', '1', ...(ext ? ['-extfile', ext] : []));
  }
  return { ca: f('ca.pem'), serverCert: f('server.pem'), serverKey: f('server.key'), clientCert: f('client.pem'), clientKey: f('client.key') };
}

export interface SecureRedis { port: number; stop(): Promise<void> }

/**
 * redis-server on a free port of 127.0.0.1: with `password` it needs AUTH; with `certs` it speaks TLS only (no
 * plain port) and asks clients for a certificate signed by the CA (Redis's default `tls-auth-clients yes`).
 * Resolves once it answers a client that has the right settings.
 */
export async function startSecureRedis(dir: string, opts: { password?: string; certs?: Certs }): Promise<SecureRedis> {
  const port = await freePort();
  const args = ['--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  if (opts.password) args.push('--requirepass', opts.password);
  if (opts.certs) {
    args.push('--port', '0', '--tls-port', String(port), '--tls-cert-file', opts.certs.serverCert,
      '--tls-key-file', opts.certs.serverKey, '--tls-ca-cert-file', opts.certs.ca);
  } else {
    args.push('--port', String(port));
  }
  const output: string[] = [];
  const proc: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
  proc.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((r) => {
      proc.once('exit', () => r());
      proc.kill('SIGKILL');
    });
  };
  const client: RedisOptions = {
    host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000,
    ...(opts.password ? { password: opts.password } : {}),
    ...(opts.certs ? { tls: { ca: readFileSync(opts.certs.ca), cert: readFileSync(opts.certs.clientCert), key: readFileSync(opts.certs.clientKey), servername: 'localhost' } } : {}),
  };
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`redis-server exited: ${output.join('')}`);
    const r = new Redis(client);
    r.on('error', () => {});
    try {
      await r.connect();
      if ((await r.ping()) === 'PONG') return { port, stop };
    } catch { /* not yet */ } finally {
      r.disconnect();
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  await stop();
  throw new Error(`the private redis-server did not answer: ${output.join('')}`);
}
