/** The part of `http_ece` (RFC 8188) the push stand-in uses: decrypting an aes128gcm body. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
    ): Buffer;
  };
  export default ece;
}
