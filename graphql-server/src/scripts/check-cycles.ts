import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// `npm run check:cycles` (part of `npm run lint`): fails on any import cycle among the project's own
// modules of graphql-server/src and web/src, type-only imports and re-exports included (a type cycle
// still ties two modules together). Modules are resolved by the TypeScript compiler with each
// workspace's own tsconfig, as `tsc` resolves them. Generated code (Prisma client, web/src/gql) is
// not ours to shape and is left out, as are packages.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Tree {
  /** Folder scanned, relative to the repository root. */
  dir: string;
  /** Its workspace's tsconfig, for module resolution. */
  tsconfig: string;
  /** Folders left out (generated code). */
  skip: string[];
}

const TREES: Tree[] = [
  { dir: 'graphql-server/src', tsconfig: 'graphql-server/tsconfig.json', skip: ['graphql-server/src/generated'] },
  { dir: 'web/src', tsconfig: 'web/tsconfig.json', skip: ['web/src/gql'] },
];

const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string, skip: Set<string>): string[] {
  if (skip.has(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, skip);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(tsconfig)).options;
}

/** Each file's imports among `files`: static and dynamic imports, `import type`, `export … from`. */
export function importGraph(files: string[], options: ts.CompilerOptions): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && known.has(resolve(resolved.resolvedFileName))) {
        targets.add(resolve(resolved.resolvedFileName));
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every cycle's modules, one path per strongly connected component (Tarjan), in import order. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node) ?? false;
    if (component.length > 1 || selfImport) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** One concrete loop through a component: from its first module back to it. */
function cyclePath(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

function main() {
  let found = 0;
  for (const tree of TREES) {
    const files = sourceFiles(join(ROOT, tree.dir), new Set(tree.skip.map((dir) => join(ROOT, dir))));
    const cycles = findCycles(importGraph(files, compilerOptions(join(ROOT, tree.tsconfig))));
    for (const cycle of cycles)
      console.error(`import cycle: ${cycle.map((file) => relative(ROOT, file)).join(' -> ')}`);
    console.log(`${tree.dir}: ${files.length} modules, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
    found += cycles.length;
  }
  if (found > 0) {
    console.error('Break each cycle: move what both modules need into a third one (docs/architecture.md rule 4).');
    process.exit(1);
  }
}

main();
