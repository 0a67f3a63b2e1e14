// npx tsx graphql-server/bench/profile-summary.ts <file.cpuprofile> [--top 40]
//
// Where a CPU profile's time went (node --cpu-prof, e.g. npm run bench:load -- --profile <dir>): the
// functions with the most self time, and the packages (node_modules/<name>, our src/, node internals)
// by self and by inclusive time (a package's inclusive time counts each sample once, however deep).
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

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '40' } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

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

const self = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

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
    .map(([name, time]) => ({ name, ms: Math.round(time / 1000), share: pct(time) }));

console.log(`${file}: ${Math.round(total / 1000)} ms sampled`);
console.log('\nTop functions by self time');
console.table(table(fnSelf, Number(values.top)));
console.log('\nBy package, self time');
console.table(table(areaSelf, 25));
console.log('\nBy package, inclusive time');
console.table(table(areaTotal, 25));
