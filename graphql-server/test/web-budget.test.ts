import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWeights } from '../bench/web-budget';

// The JavaScript each route's first load downloads (gzipped), from a fresh production build of the web
// client, so that it cannot silently grow back. `npm run bench:web` prints the same numbers.
// /dashboard is held at issue 17's budget (< 200 KB; 184.9 KB measured). /auth is held at 177 KB (174.9 KB
// measured), above the 150 KB: what is left on it is what showing the sign-in form needs under the
// house rules — React and react-dom (~67 KB), Apollo Client with graphql and rxjs (~50 KB: the session
// check and the sign-in mutation go through the one Apollo client, docs/architecture.md rule 13), React
// Router (~15 KB), react-hook-form (~13 KB: forms through react-hook-form, rule 3), Headless UI's tabs
// (~10 KB) and the page itself. 150 KB would take Apollo off the sign-in page. zod, the Register and Reset
// Password tabs and the account menu are chunks of their own, loaded after the page shows (the checks
// below). Lower these as the bundle shrinks; never raise them silently.
const CEILING = { '/auth': 177 * 1024, '/dashboard': 200 * 1024 };

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

/** The files of a route's first load that hold zod's schema classes. */
async function filesWithZod(files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) if ((await readFile(join(outDir, file), 'utf8')).includes('$ZodType')) found.push(file);
  return found;
}

describe('web bundle budget (gzipped JavaScript per route)', () => {
  it('the sign-in page and the dashboard stay under their ceilings; what they do not show first loads later', async () => {
    const weights = Object.fromEntries((await routeWeights(outDir)).map((w) => [w.route, w]));
    const auth = weights['/auth'];
    const dashboard = weights['/dashboard'];
    expect(auth?.gzipBytes).toBeLessThan(CEILING['/auth']);
    expect(dashboard?.gzipBytes).toBeLessThan(CEILING['/dashboard']);
    // What only signed-in screens need is not part of the sign-in page's download.
    expect(auth?.files.some((file) => /app-frame|apollo-client-ws/.test(file))).toBe(false);
    expect(dashboard?.files.some((file) => /app-frame/.test(file))).toBe(true);
    // Loaded after the sign-in page shows: zod (the login form's validation) and the other two tabs.
    expect(auth?.files.some((file) => /validation|register-form|reset-request-form/.test(file))).toBe(false);
    // Loaded only at the widths that show it (768-1,279 px).
    expect(dashboard?.files.some((file) => /account-menu/.test(file))).toBe(false);
    // zod (~24 KB) is in neither first load, whatever its chunk is called: a list or a clock that imports a
    // module holding a zod schema pulls it in (the due clock did, through schema/src/turnaround.ts, and
    // took /dashboard from 185 to 212 KB; its pure part is schema/src/urgency.ts).
    for (const route of [auth, dashboard]) expect(await filesWithZod(route?.files ?? [])).toEqual([]);
  });
});
