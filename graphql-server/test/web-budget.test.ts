import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWeights } from '../bench/web-budget';

// The JavaScript each route's first load downloads (gzipped), from a fresh production build of the web
// client, so that it cannot silently grow back. `npm run bench:web` prints the same numbers.
// Both routes are held at their current ceilings (218 and 215 KB measured), above issue 17's budgets
// (`BUDGETS`: /auth < 150 KB, /dashboard < 200 KB), which are not met yet: the sign-in page still loads
// Apollo and the zod schemas of its forms. Lower these as the bundle shrinks; never raise them silently.
const CEILING = { '/auth': 225 * 1024, '/dashboard': 225 * 1024 };

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vetconsult-web-budget-'));
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, manifest: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
}, 300_000);
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('web bundle budget (gzipped JavaScript per route)', () => {
  it('the sign-in page and the dashboard stay under their ceilings; the frame and the socket load after sign-in', async () => {
    const weights = Object.fromEntries((await routeWeights(outDir)).map((w) => [w.route, w]));
    const auth = weights['/auth'];
    const dashboard = weights['/dashboard'];
    expect(auth?.gzipBytes).toBeLessThan(CEILING['/auth']);
    expect(dashboard?.gzipBytes).toBeLessThan(CEILING['/dashboard']);
    // What only signed-in screens need is not part of the sign-in page's download.
    expect(auth?.files.some((file) => /app-frame|apollo-client-ws/.test(file))).toBe(false);
    expect(dashboard?.files.some((file) => /app-frame/.test(file))).toBe(true);
  });
});
