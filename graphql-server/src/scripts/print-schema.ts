// Writes the GraphQL contract to schema/schema.graphql (the web's codegen reads only this file).
// A test fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../graphql/schema';

export const SCHEMA_FILE = join(import.meta.dirname, '../../../schema/schema.graphql');

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

if (process.argv[1] === import.meta.filename) {
  await writeFile(SCHEMA_FILE, printedSchema());
  console.log(`Wrote ${SCHEMA_FILE}`);
}
