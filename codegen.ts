import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the web client, read only from the printed schema (docs/architecture.md rule 5).
// Run from the repository root: `npm run codegen` (or `npm run codegen -w web`).
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTime: 'string', JSON: 'unknown' },
      },
    },
  },
};

export default config;
