// npm run bench:web [-- --dist web/dist]
//
// Gzipped JavaScript per route entry of the built web client (build it first: npm run build -w web),
// with the budgets of issue 17, and the largest files of each route.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BUDGETS, routeWeights } from './web-budget';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'web/dist' } } });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const weights = await routeWeights(values.dist);
console.log(
  `bench:web — ${values.dist}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.table(
  weights.map((w) => ({
    route: w.route,
    'JS gzip': kb(w.gzipBytes),
    'JS raw': kb(w.rawBytes),
    files: w.files.length,
    budget: BUDGETS[w.route] ? `< ${kb(BUDGETS[w.route] ?? 0)}` : '',
    within: BUDGETS[w.route] ? w.gzipBytes < (BUDGETS[w.route] ?? 0) : '',
  })),
);
for (const w of weights) console.log(`${w.route}: ${w.files.join(', ')}`);
