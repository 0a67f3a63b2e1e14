// fastify's own route table, read from printRoutes(): what is registered, whatever any of our code says.

export interface RestRoute {
  method: string;
  path: string;
}

/** Reads fastify's printed route tree ("├── api/cases (GET, HEAD, POST)", children indented): the /api routes. */
export function restRoutes(printed: string): RestRoute[] {
  const routes: RestRoute[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!match) continue;
    const level = (match[1] ?? '').length / 4;
    const segment = (match[2] ?? '').replace(/(:\w+)(\|:\w+)+/g, '$1');
    const parent = level > 0 ? (stack[level - 1] ?? '') : '';
    // A child is the rest of its parent's path: '/report.pdf' under '/api/cases/:id', '.csv' under
    // '/api/admin/operations'.
    const path =
      level === 0 ? segment : /^[/.]/.test(segment) ? parent + segment : `${parent.replace(/\/$/, '')}/${segment}`;
    stack[level] = path;
    stack.length = level + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith('/api/'))
        routes.push({ method, path });
    }
  }
  return routes;
}
