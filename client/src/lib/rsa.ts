/**
 * RSA PKCS#1 v1.5 encryption of a password with the server's login key (what the old client's
 * JSEncrypt did). WebCrypto offers only RSA-OAEP, and node-forge would add ~80 KB to the login
 * route, so the few lines of PKCS#1 v1.5 are done here with BigInt.
 */

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

type Der = { tag: number; start: number; end: number };

function readDer(bytes: Uint8Array, pos: number): Der {
  const tag = bytes[pos]!;
  let len = bytes[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const count = len & 0x7f;
    len = 0;
    for (let i = 0; i < count; i += 1) len = len * 256 + bytes[start + i]!;
    start += count;
  }
  if (start + len > bytes.length) throw new Error('bad key');
  return { tag, start, end: start + len };
}

function toBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/** n and e from a SubjectPublicKeyInfo (base64 DER, or PEM). */
export function parsePublicKey(key: string): { n: bigint; e: bigint; size: number } {
  const der = fromBase64(key.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  const spki = readDer(der, 0);
  const algorithm = readDer(der, spki.start);
  const bitString = readDer(der, algorithm.end);
  if (spki.tag !== 0x30 || algorithm.tag !== 0x30 || bitString.tag !== 0x03) throw new Error('bad key');
  const rsaKey = readDer(der, bitString.start + 1); // skip the unused-bits byte
  const nDer = readDer(der, rsaKey.start);
  const eDer = readDer(der, nDer.end);
  let nBytes = der.subarray(nDer.start, nDer.end);
  while (nBytes[0] === 0) nBytes = nBytes.subarray(1);
  return { n: toBigInt(nBytes), e: toBigInt(der.subarray(eDer.start, eDer.end)), size: nBytes.length };
}

/** Base64 ciphertext of `text` (UTF-8) under RSAES-PKCS1-v1_5. */
export function encryptPassword(publicKey: string, text: string): string {
  const { n, e, size } = parsePublicKey(publicKey);
  const message = new TextEncoder().encode(text);
  if (message.length > size - 11) throw new Error('message too long');
  const block = new Uint8Array(size);
  block[1] = 0x02;
  const padLength = size - message.length - 3;
  const pad = new Uint8Array(padLength);
  crypto.getRandomValues(pad);
  for (let i = 0; i < padLength; i += 1) {
    while (pad[i] === 0) pad[i] = crypto.getRandomValues(new Uint8Array(1))[0]!;
  }
  block.set(pad, 2);
  block.set(message, padLength + 3);
  let c = modPow(toBigInt(block), e, n);
  const out = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i -= 1) {
    out[i] = Number(c & 0xffn);
    c >>= 8n;
  }
  return toBase64(out);
}
