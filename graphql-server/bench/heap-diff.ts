// npx tsx graphql-server/bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--per N] [--top 40]
//                                           [--retainers KIND]
//
// What the heap gained between two snapshots (npm run bench:realtime -- --heap-snapshot DIR writes
// one before and one after the sockets connect), by kind of object: constructor name for objects,
// function name for closures, and V8's own kinds (strings, arrays, code...). With --per N (the number
// of sockets), each line is also divided by N: what one socket holds. With --retainers KIND (a kind as
// printed, e.g. "array " or "closure next"), who holds the objects of that kind that are new in the
// second snapshot (V8's object ids grow: those above the first snapshot's highest): the holder's kind
// and the name of the reference, with the bytes held that way.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

type Tally = Map<string, { count: number; bytes: number }>;

function add(tally: Tally, key: string, bytes: number) {
  const entry = tally.get(key) ?? { count: 0, bytes: 0 };
  entry.count++;
  entry.bytes += bytes;
  tally.set(key, entry);
}

async function load(path: string) {
  const heap = JSON.parse(await readFile(path, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const edgeCountAt = fields.indexOf('edge_count');
  /** The kind of the node at this index of `nodes`. */
  const kindOf = (i: number) => {
    const type = types[heap.nodes[i + typeAt] as number] ?? '?';
    // Strings and numbers are named by their value: one kind each.
    const named = type === 'object' || type === 'closure' || type === 'hidden' || type === 'native';
    const name = named ? (heap.strings[heap.nodes[i + nameAt] as number] ?? '') : '';
    return `${type} ${name.slice(0, 80)}`;
  };
  const sizeOf = (i: number) => heap.nodes[i + sizeAt] as number;
  const idAt = fields.indexOf('id');
  const idOf = (i: number) => heap.nodes[i + idAt] as number;
  return { heap, width, kindOf, sizeOf, idOf, edgeCountAt };
}

/** Count and self size per kind of object. */
async function tally(path: string): Promise<Tally> {
  const { heap, width, kindOf, sizeOf } = await load(path);
  const kinds: Tally = new Map();
  for (let i = 0; i < heap.nodes.length; i += width) add(kinds, kindOf(i), sizeOf(i));
  return kinds;
}

/** For the objects of one kind: who refers to them (holder kind and reference name), with their bytes. */
async function retainers(path: string, kind: string, newerThan: number): Promise<Tally> {
  const { heap, width, kindOf, sizeOf, idOf, edgeCountAt } = await load(path);
  const edgeFields = heap.snapshot.meta.edge_fields;
  const edgeTypes = heap.snapshot.meta.edge_types[0];
  const edgeWidth = edgeFields.length;
  const edgeTypeAt = edgeFields.indexOf('type');
  const edgeNameAt = edgeFields.indexOf('name_or_index');
  const toAt = edgeFields.indexOf('to_node');
  const holders: Tally = new Map();
  let edge = 0;
  for (let i = 0; i < heap.nodes.length; i += width) {
    const count = heap.nodes[i + edgeCountAt] as number;
    for (let e = 0; e < count; e++, edge += edgeWidth) {
      const to = heap.edges[edge + toAt] as number;
      if (idOf(to) <= newerThan || idOf(to) >= 100_000_000 || kindOf(to) !== kind) continue;
      const type = edgeTypes[heap.edges[edge + edgeTypeAt] as number];
      if (type === 'weak') continue;
      const raw = heap.edges[edge + edgeNameAt] as number;
      const name = type === 'element' || type === 'hidden' ? `[${type}]` : (heap.strings[raw] ?? '');
      add(holders, `${kindOf(i)} .${name}`, sizeOf(to));
    }
  }
  return holders;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    per: { type: 'string', default: '1' },
    top: { type: 'string', default: '40' },
    retainers: { type: 'string' },
  },
});
const [beforePath, afterPath] = positionals;
if (!beforePath || !afterPath) throw new Error('usage: heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--per N]');
const per = Number(values.per);
if (values.retainers) {
  const first = await load(beforePath);
  let newerThan = 0;
  // Native and synthetic nodes carry ids of their own (some near 2^30): only the JavaScript heap's count up.
  for (let i = 0; i < first.heap.nodes.length; i += first.width) {
    const id = first.idOf(i);
    if (id < 100_000_000) newerThan = Math.max(newerThan, id);
  }
  const holders = [...(await retainers(afterPath, values.retainers, newerThan))].sort(
    (a, b) => b[1].bytes - a[1].bytes,
  );
  console.log(`who holds "${values.retainers}" in ${afterPath}:`);
  console.table(
    holders.slice(0, Number(values.top)).map(([holder, { count, bytes }]) => ({
      holder,
      count,
      'per socket': Number((count / per).toFixed(2)),
      'bytes per socket': Math.round(bytes / per),
    })),
  );
  process.exit(0);
}
const before = await tally(beforePath);
const after = await tally(afterPath);
const rows = [...after].map(([key, kind]) => {
  const was = before.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: kind.count - was.count, bytes: kind.bytes - was.bytes };
});
rows.sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
console.log(
  `heap growth: ${(total / 1024 / 1024).toFixed(1)} MB, ${(total / per / 1024).toFixed(2)} KB per ${per > 1 ? 'socket' : 'unit'}`,
);
console.table(
  rows.slice(0, Number(values.top)).map((row) => ({
    kind: row.key,
    count: row.count,
    'per socket': Number((row.count / per).toFixed(2)),
    bytes: row.bytes,
    'bytes per socket': Math.round(row.bytes / per),
  })),
);
