/**
 * How the processes of a service reach Redis (issue 19 item 9, docs/DEPLOY.md): `REDIS_URL` as ioredis reads it
 * (`redis://[[user]:password@]host:port[/db]`, or `rediss://…` for TLS), plus what a URL cannot say:
 * - `REDIS_USERNAME` / `REDIS_PASSWORD`: Redis AUTH (ACL user, or `requirepass` with the password alone), kept out
 *   of the URL if wanted (the URL then shows up nowhere with a secret in it);
 * - `REDIS_TLS_CA_FILE`: the CA (PEM) that signed the Redis server's certificate, when it is not one Node trusts
 *   already (a private CA, a self-signed certificate); the server's name is checked against it as usual;
 * - `REDIS_TLS_CERT_FILE` + `REDIS_TLS_KEY_FILE`: this process's client certificate, for a Redis that asks for one
 *   (`tls-auth-clients yes`, its default).
 * TLS settings with a `redis://` URL are refused (they would be silently ignored): use `rediss://`.
 */
import { readFileSync } from 'node:fs';
import type { RedisOptions } from 'ioredis';

export interface RedisSecrets {
  username?: string;
  password?: string;
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

/** The settings of ./main.ts's environment (absent values left out). */
export function redisSecretsFromEnv(env: NodeJS.ProcessEnv): RedisSecrets {
  const out: RedisSecrets = {};
  if (env.REDIS_USERNAME) out.username = env.REDIS_USERNAME;
  if (env.REDIS_PASSWORD) out.password = env.REDIS_PASSWORD;
  const tls = {
    ...(env.REDIS_TLS_CA_FILE ? { caFile: env.REDIS_TLS_CA_FILE } : {}),
    ...(env.REDIS_TLS_CERT_FILE ? { certFile: env.REDIS_TLS_CERT_FILE } : {}),
    ...(env.REDIS_TLS_KEY_FILE ? { keyFile: env.REDIS_TLS_KEY_FILE } : {}),
  };
  if (Object.keys(tls).length > 0) out.tls = tls;
  return out;
}

function readPem(file: string, variable: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new Error(`${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/**
 * ioredis options for `url` and `secrets` (to pass with the URL: `new Redis(url, options)`). Throws a message that
 * names the setting at fault, and never contains a password.
 */
export function redisClientOptions(url: string, secrets: RedisSecrets = {}): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('REDIS_URL is not a URL (redis://host:6379 or rediss://host:6379)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error('REDIS_URL must start with redis:// or rediss://');
  const out: RedisOptions = {};
  if (secrets.password !== undefined || secrets.username !== undefined) {
    if (parsed.password !== '' || parsed.username !== '') throw new Error('give the Redis user and password once: in REDIS_URL or in REDIS_USERNAME / REDIS_PASSWORD');
    if (secrets.username !== undefined) out.username = secrets.username;
    if (secrets.password !== undefined) out.password = secrets.password;
  }
  const t = secrets.tls;
  if (t && Object.keys(t).length > 0) {
    if (parsed.protocol !== 'rediss:') throw new Error('REDIS_TLS_* settings need a rediss:// REDIS_URL (TLS)');
    if ((t.certFile === undefined) !== (t.keyFile === undefined)) throw new Error('REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE go together');
    out.tls = {
      ...(t.caFile ? { ca: readPem(t.caFile, 'REDIS_TLS_CA_FILE') } : {}),
      ...(t.certFile ? { cert: readPem(t.certFile, 'REDIS_TLS_CERT_FILE') } : {}),
      ...(t.keyFile ? { key: readPem(t.keyFile, 'REDIS_TLS_KEY_FILE') } : {}),
    };
  }
  return out;
}

/**
 * Why this process could not reach Redis at start, in the words the operator acts on (docs/DEPLOY.md): refused
 * credentials, or no answer (down, TLS not trusted, wrong port). `why`: the client's last error (a refused password
 * is an error event; `connect()` itself only says the connection closed).
 */
export function redisStartError(why: string): Error {
  return new Error(/NOAUTH|WRONGPASS|AUTH/i.test(why)
    ? `Redis (REDIS_URL) refused this process's credentials (REDIS_URL's password, or REDIS_USERNAME / REDIS_PASSWORD): ${why}`
    : `Redis (REDIS_URL) does not answer: ${why}`);
}
