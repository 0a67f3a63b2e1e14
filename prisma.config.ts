import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate` here; migrations are applied by the server itself
// (graphql-server/src/lib/db/migrate.ts). DATABASE_URL is read when set, for `prisma migrate deploy`
// on machines that can download Prisma's native engine.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
