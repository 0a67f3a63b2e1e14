import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Replaces each `graphql(`...`)` call with an import of the matching generated document from
 * src/gql/graphql.ts (what the client preset's babel plugin does). Without it, every document is
 * pulled in through the lookup map in src/gql/gql.ts and ships in one shared chunk.
 */
export function graphqlDocuments(): Plugin {
  const generated = resolve(import.meta.dirname, 'src/gql/graphql.ts');
  const gqlDir = resolve(import.meta.dirname, 'src/gql');
  const call = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
  const definition = /^\s*(?:#[^\n]*\n\s*)*(query|mutation|subscription|fragment)\s+([_A-Za-z][_0-9A-Za-z]*)/;
  return {
    name: 'vetconsult:graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.tsx?$/.test(file) || file.startsWith(gqlDir) || !code.includes('graphql(')) return null;
      const imports = new Set<string>();
      const output = code.replace(call, (whole, source: string) => {
        const match = definition.exec(source);
        if (!match) return whole;
        const [, kind, name] = match;
        const exported = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        imports.add(exported);
        return `__gql_${exported}`;
      });
      if (imports.size === 0) return null;
      const header = [...imports]
        .map((exported) => `import { ${exported} as __gql_${exported} } from ${JSON.stringify(generated)};`)
        .join('\n');
      return { code: `${header}\n${output}`, map: null };
    },
  };
}
