import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets we must be able to read back (the TOTP shared secret). The key comes from
 * configuration (AUTH_SECRET); the stored form is `v1.<iv>.<tag>.<ciphertext>` in base64url so the
 * key version can change later.
 */
export type SecretBox = { seal: (plain: Uint8Array) => string; open: (sealed: string) => Buffer };

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(`linkhub-secret-box:${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined)
        throw new Error('unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    },
  };
}

/** The development key (refused by the sync-server's env schema on a public URL). */
export const DEV_AUTH_SECRET = 'linkhub-dev-auth-secret-not-for-production';
