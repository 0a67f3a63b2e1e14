import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import webPush from 'web-push';

// Web Push's VAPID key pair (RFC 8292): the browser subscribes with the public key, and every push is
// signed with the private key, so the pair must stay the same for as long as subscriptions live. It
// comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise the first start generates one into
// the data folder and every later start reuses it (several instances must share DATA_DIR or set the
// variables: subscriptions made with one instance's key cannot be sent to with another's).

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact the push services are given: mailto: or https:. */
  subject: string;
}

export interface VapidKeySource {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string;
  /** Where a generated pair is kept (`DATA_DIR/vapid-keys.json`). */
  keyFile: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  const pair = value as { publicKey?: unknown; privateKey?: unknown } | null;
  return (
    typeof pair?.publicKey === 'string' &&
    typeof pair.privateKey === 'string' &&
    BASE64URL.test(pair.publicKey) &&
    BASE64URL.test(pair.privateKey)
  );
}

async function readKeyFile(path: string): Promise<{ publicKey: string; privateKey: string } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isKeyPair(parsed)) throw new Error(`${path} does not hold a VAPID key pair (publicKey, privateKey)`);
  return parsed;
}

/** The configured pair, else the data folder's, else a new pair written there (readable by its owner only). */
export async function loadVapidKeys(source: VapidKeySource): Promise<VapidKeys> {
  if (source.publicKey && source.privateKey) {
    return { publicKey: source.publicKey, privateKey: source.privateKey, subject: source.subject };
  }
  const stored = await readKeyFile(source.keyFile);
  if (stored) return { ...stored, subject: source.subject };
  const generated = webPush.generateVAPIDKeys();
  await mkdir(dirname(source.keyFile), { recursive: true });
  try {
    // 'wx': if another process wrote the file first, its pair wins and this one is dropped.
    await writeFile(source.keyFile, `${JSON.stringify(generated, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(source.keyFile);
    if (winner) return { ...winner, subject: source.subject };
  }
  return { ...generated, subject: source.subject };
}

/** Loads the pair once, on first use, and hands the same pair to every later caller. */
export function createVapidKeyStore(source: VapidKeySource): { get(): Promise<VapidKeys> } {
  let keys: Promise<VapidKeys> | undefined;
  return {
    get() {
      keys ??= loadVapidKeys(source).catch((error) => {
        keys = undefined; // a failed read is tried again on the next call
        throw error;
      });
      return keys;
    },
  };
}
