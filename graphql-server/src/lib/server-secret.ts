import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The server's signing secret (issue 14: unsubscribe links): SERVER_SECRET, or one generated on first
// start into the data folder (mode 600) and read from there afterwards, so links stay valid across restarts.
// Several instances must share it: set SERVER_SECRET in production.

export async function loadOrCreateServerSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'server-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not yet created
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
