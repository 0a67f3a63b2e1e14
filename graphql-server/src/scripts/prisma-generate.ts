// Runs `prisma generate` offline. The CLI first tries to download its native schema engine, which it
// does not need for generating; where that binary is absent we point it at a placeholder so the
// download is skipped. Machines that have the engine are unaffected.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const enginesDir = dirname(require.resolve('@prisma/engines/package.json'));
const hasEngine = readdirSync(enginesDir).some((f) => f.startsWith('schema-engine'));
const env = { ...process.env };
if (!hasEngine && !env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], { stdio: 'inherit', env });
