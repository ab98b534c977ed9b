/**
 * A local game's record is sealed before it goes into localStorage (see ./localSave.ts): XOR with an Alea key
 * stream from a random per-device key kept under its own storage key and a per-record nonce, then base64. Nothing
 * of a seat's hand, base or the seed can be read at a glance in the browser's storage panel. It is not a cryptographic guarantee — the
 * key sits on the same device, as does the in-page master with every secret while the game runs — only the
 * same bar a local game can offer at all, without putting the opponent's secrets in plain text.
 */
import { alea } from '../../platform/alea';

const KEY_KEY = 'mint-imperium-seal';

function deviceKey(): string {
  let k = localStorage.getItem(KEY_KEY);
  if (!k) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    k = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(KEY_KEY, k);
  }
  return k;
}

function xor(bytes: Uint8Array, nonce: string): Uint8Array {
  // Alea itself, not Mint's seededRng (the same stream: int(n) = floor(next() * n)), so that Imperios' saves seal
  // without pulling Mint's rules into their chunk (which splits the first load's chunks: +0.6 kB gzip measured).
  const g = alea(`${deviceKey()}:${nonce}`);
  return bytes.map((b) => b ^ Math.floor(g.next() * 256));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export const sealed = {
  encode(text: string): string {
    const nonce = toBase64(crypto.getRandomValues(new Uint8Array(9)));
    return `sealed:${nonce}:${toBase64(xor(new TextEncoder().encode(text), nonce))}`;
  },
  decode(text: string): string | null {
    const m = /^sealed:([^:]+):(.*)$/s.exec(text);
    if (!m) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(xor(fromBase64(m[2]), m[1]));
    } catch {
      return null;
    }
  },
};
