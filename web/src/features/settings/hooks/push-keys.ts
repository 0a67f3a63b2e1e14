// The VAPID public key arrives base64url-encoded; pushManager.subscribe wants its bytes, and a browser's
// existing subscription says which key it was made with (as an ArrayBuffer).

/** Decodes base64url (with or without padding) to bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether a subscription's applicationServerKey is this key (a subscription made with another key must be renewed). */
export function isSameKey(subscriptionKey: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!subscriptionKey) return false;
  const bytes = new Uint8Array(subscriptionKey);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}
