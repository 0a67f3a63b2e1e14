import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Server and schema tests. With TEST_DATABASE_URL (CI) every file gets the real PostgreSQL and files run
// in parallel; without it they share one embedded PGlite, which serves one connection at a time, so
// files run one after another.
const embedded = !process.env.TEST_DATABASE_URL;

export default defineConfig({
  // Node loads graphql 16 as CommonJS for the libraries; make our own imports use that same copy
  // (vite would pick its .mjs build), or schema objects come from "another module or realm".
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['graphql-server/test/**/*.test.ts', 'schema/test/**/*.test.ts'],
          globalSetup: ['graphql-server/test/global-setup.ts'],
          fileParallelism: !embedded,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      // The web client's logic that is not a picture (no database, no browser).
      { test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
