import { type ChildProcess, spawn } from 'node:child_process';
import { type FSWatcher, watch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run dev`: the server with reload (tsx watch) and, next to it, the web client's GraphQL Code
// Generator in watch mode: web/src/gql is regenerated whenever schema/schema.graphql (after
// `npm run schema:print`) or an operation in web/src changes. Ctrl-C stops both. (graphql-codegen's own
// --watch needs the native @parcel/watcher; Node's recursive fs.watch does the same job here.)

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const GENERATED = join(ROOT, 'web/src/gql');
const children = new Set<ChildProcess>();

/** A child in its own process group, so stopping it stops what it started too (npm, npx, tsx). */
function run(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

// --- web codegen, rerun on change (one run at a time; changes during a run trigger one more) ---------
let running = false;
let again = false;
let timer: NodeJS.Timeout | undefined;

function codegen() {
  if (running) {
    again = true;
    return;
  }
  running = true;
  run('npm', ['run', '--silent', 'codegen']).on('exit', (code) => {
    running = false;
    console.log(code === 0 ? '[codegen] web/src/gql is up to date' : `[codegen] failed (exit ${code})`);
    if (again) {
      again = false;
      codegen();
    }
  });
}

function changed(path: string) {
  if (path.startsWith(GENERATED) || !/\.(ts|tsx|graphql)$/.test(path)) return;
  clearTimeout(timer);
  timer = setTimeout(codegen, 200);
}

const watchers: FSWatcher[] = [
  watch(join(ROOT, 'schema'), (_event, name) => name && changed(join(ROOT, 'schema', name))),
  watch(join(ROOT, 'web/src'), { recursive: true }, (_event, name) => name && changed(join(ROOT, 'web/src', name))),
];

codegen();
// --- the server, restarted by tsx on every change of its sources ---------------------------------------
const server = run('npx', ['tsx', 'watch', 'graphql-server/src/server.ts']);

function stop(code = 0) {
  for (const watcher of watchers) watcher.close();
  clearTimeout(timer);
  for (const child of children) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group has already ended
    }
  }
  process.exitCode = code;
}

process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
server.on('exit', (code) => stop(code ?? 0));
