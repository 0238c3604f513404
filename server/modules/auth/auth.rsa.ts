import forge from 'node-forge';
import type { Db } from '../../db/client.ts';

/**
 * The old client encrypts the password with RSA PKCS#1 v1.5 (JSEncrypt) using the public key
 * from `user/getPwdRsaPublicKey.htm`. Node 20 refuses PKCS#1 v1.5 decryption (CVE-2023-46809),
 * so node-forge decrypts it. The key pair lives in the database so every server shares it.
 * A failed decryption is answered exactly like a wrong password, and login is throttled.
 */
type KeyPair = { publicKeyBase64: string; publicKeyPem: string; privateKey: forge.pki.rsa.PrivateKey };

const SECRET_KEY = 'login.rsa.private';
const cache = new WeakMap<object, Promise<KeyPair>>();

function fromPem(privatePem: string): KeyPair {
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  const publicKeyPem = forge.pki.publicKeyToPem(publicKey);
  const publicKeyBase64 = publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return { publicKeyBase64, publicKeyPem, privateKey };
}

async function load(db: Db): Promise<KeyPair> {
  const existing = await db.systemSecret.findUnique({ where: { key: SECRET_KEY } });
  if (existing) return fromPem(existing.value);
  const pair = await new Promise<forge.pki.rsa.KeyPair>((resolve, reject) => forge.pki.rsa.generateKeyPair({ bits: 2048, workers: -1 }, (err, kp) => (err ? reject(err) : resolve(kp))));
  const pem = forge.pki.privateKeyToPem(pair.privateKey);
  // Two servers may race here: the first insert wins and both use the stored key.
  await db.systemSecret.createMany({ data: [{ key: SECRET_KEY, value: pem }], skipDuplicates: true });
  const stored = await db.systemSecret.findUniqueOrThrow({ where: { key: SECRET_KEY } });
  return fromPem(stored.value);
}

export function loginKeyPair(db: Db): Promise<KeyPair> {
  let p = cache.get(db);
  if (!p) {
    p = load(db);
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A password field carries either the plain password or its RSA ciphertext in base64.
 * A 2048-bit ciphertext is 344 base64 characters, longer than any allowed password (24).
 */
export async function readPasswordField(db: Db, value: string): Promise<string | null> {
  if (value.length < 300 || !BASE64.test(value)) return value;
  const { privateKey } = await loginKeyPair(db);
  try {
    const bytes = forge.util.decode64(value);
    const plain = privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5');
    return forge.util.decodeUtf8(plain);
  } catch {
    return null;
  }
}

/** What the old client's library does, for tests and tools. */
export function encryptForLogin(publicKeyPem: string, password: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}
