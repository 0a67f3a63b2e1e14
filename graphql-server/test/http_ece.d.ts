// http_ece 1.2 ships without typings; only what the push test uses (RFC 8188 / 8291 decryption) is declared.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's (the browser's) ECDH key pair. */
    privateKey?: ECDH;
    /** The receiver's 16-byte auth secret. */
    authSecret?: Buffer | string;
    dh?: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
