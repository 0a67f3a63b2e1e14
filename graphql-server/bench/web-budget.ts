import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The JavaScript a browser downloads to show a route of the built web client, from Vite's manifest
// (web/dist/.vite/manifest.json): the entry with everything it imports statically, plus the lazy chunks
// the route renders (its screen; signed-in routes also the frame, the Apollo client's provider, the
// session calls and the WebSocket client) with their static imports. Each file is counted once, at its gzip size (level 6, as Vite's build report).

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What every signed-in screen loads besides its own chunk: the frame, the Apollo provider (lib/lazy-apollo.tsx),
 * the session calls (the check on start) and the WebSocket client. */
const SIGNED_IN = [
  'src/components/layout/app-frame.tsx',
  'src/lib/apollo-provider.tsx',
  'src/lib/auth/session-calls.ts',
  'src/lib/apollo-client-ws.ts',
];

/** The lazy modules each measured route renders (manifest keys; a module not split off is in the entry). */
export const ROUTE_MODULES: Record<string, string[]> = {
  // The sign-in form: what shows it and submits it (the Apollo client loads beside it, next line).
  '/auth': ['src/app/routes/auth.tsx'],
  // The same page with what starts beside the form (web/src/main.tsx): the session calls, the Apollo client
  // they go through and its provider: what a first visit downloads before it is idle.
  '/auth + session check': ['src/app/routes/auth.tsx', 'src/lib/auth/session-calls.ts', 'src/lib/apollo-provider.tsx'],
  '/dashboard': ['src/app/routes/dashboard.tsx', ...SIGNED_IN],
  '/consults': ['src/app/routes/consults.tsx', ...SIGNED_IN],
  // The operations dashboard with its chart library (visx), which no other route loads (issue 19).
  '/admin/operations': ['src/app/routes/admin-operations.tsx', ...SIGNED_IN],
};

/** Budgets of issue 17, in gzipped bytes of JavaScript. */
export const BUDGETS: Record<string, number> = { '/auth': 150 * 1024, '/dashboard': 200 * 1024 };

export interface RouteWeight {
  route: string;
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

export async function routeWeights(distDir: string): Promise<RouteWeight[]> {
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = await readFile(join(distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes).length };
      sizes.set(file, size);
    }
    return size;
  };
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const weights: RouteWeight[] = [];
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const keys = new Set<string>();
    closure(entry, keys);
    for (const module of modules) closure(module, keys);
    const files = [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const size = await sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    weights.push({ route, files, gzipBytes: gzip, rawBytes: raw });
  }
  return weights;
}
