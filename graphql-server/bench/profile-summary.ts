// npx tsx graphql-server/bench/profile-summary.ts <file.cpuprofile or file.heapprofile> [--top 40]
//
// Where a CPU profile's time went (node --cpu-prof, e.g. npm run bench:load -- --profile <dir>): the
// functions with the most self time, and the packages (node_modules/<name>, our src/, node internals)
// by self and by inclusive time (a package's inclusive time counts each sample once, however deep).
// Given a sampling heap profile (.heapprofile: bench:realtime --alloc-prof), the same of bytes allocated.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
/** A sampling heap profile (bench:realtime --alloc-prof, or node --heap-prof): a tree of bytes allocated. */
interface HeapProfileNode {
  id: number;
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapProfileNode[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '40' } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile | file.heapprofile> [--top N]');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as Profile | { head: HeapProfileNode };

// Each node's own measure (µs of CPU, or bytes allocated), and the call tree.
const byId = new Map<number, ProfileNode>();
const parent = new Map<number, number>();
const self = new Map<number, number>();
let total = 0;
const isHeap = 'head' in parsed;
if ('head' in parsed) {
  const visit = (node: HeapProfileNode) => {
    byId.set(node.id, { id: node.id, callFrame: node.callFrame, children: node.children.map((child) => child.id) });
    self.set(node.id, node.selfSize);
    total += node.selfSize;
    for (const child of node.children) {
      parent.set(child.id, node.id);
      visit(child);
    }
  };
  visit(parsed.head);
} else {
  for (const node of parsed.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  parsed.samples.forEach((id, i) => {
    const delta = parsed.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
}
/** CPU profiles in ms, heap profiles in KB. */
const unit = isHeap ? 'KB' : 'ms';
const scaled = (measure: number) => Math.round(isHeap ? measure / 1024 : measure / 1000);

/** node_modules/<package>, src/<folder>, or (node internals / program / gc / idle). */
function area(url: string, name: string): string {
  if (!url) return `(${name || 'anonymous'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const src = url.indexOf('/src/');
  if (src >= 0)
    return `ours ${url
      .slice(src + 1)
      .split('/')
      .slice(0, 3)
      .join('/')}`;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

const fnSelf = new Map<string, number>();
const areaSelf = new Map<string, number>();
const areaTotal = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + time);
  areaSelf.set(area(url, functionName), (areaSelf.get(area(url, functionName)) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (!frame) break;
    seen.add(area(frame.url, frame.functionName));
  }
  for (const name of seen) areaTotal.set(name, (areaTotal.get(name) ?? 0) + time);
}

const pct = (time: number) => `${((100 * time) / total).toFixed(1)} %`;
const table = (map: Map<string, number>, top: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, measure]) => ({ name, [unit]: scaled(measure), share: pct(measure) }));

const what = isHeap ? 'allocated' : 'time';
console.log(`${file}: ${scaled(total)} ${unit} ${isHeap ? 'allocated (sampled)' : 'sampled'}`);
console.log(`\nTop functions by self ${what}`);
console.table(table(fnSelf, Number(values.top)));
console.log(`\nBy package, self ${what}`);
console.table(table(areaSelf, 25));
console.log(`\nBy package, inclusive ${what}`);
console.table(table(areaTotal, 25));
