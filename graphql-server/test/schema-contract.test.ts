import { readFile } from 'node:fs/promises';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema';
import { printedSchema, SCHEMA_FILE } from '../src/scripts/print-schema';

describe('GraphQL contract', () => {
  it('the committed schema/schema.graphql is up to date (run npm run schema:print)', async () => {
    expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('every root field declares its auth scope (public ones explicitly)', () => {
    const missing: string[] = [];
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      if (!root || !isObjectType(root)) continue;
      for (const field of Object.values(root.getFields())) {
        const options = (field.extensions?.pothosOptions ?? {}) as { authScopes?: unknown };
        if (options.authScopes === undefined) missing.push(`${root.name}.${field.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
