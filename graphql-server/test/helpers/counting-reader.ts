import type { CompiledReader } from '../../src/lib/db/compiled-read';

/**
 * The app's compiled reader, counting the statements it runs: a read that silently fell back to Prisma
 * would not count (test/case-list-reader.test.ts, test/session-read.test.ts).
 */
export function countingReader(reader: CompiledReader) {
  let statements = 0;
  return {
    reader: {
      compile: (read) => reader.compile(read),
      template: (count, read) => reader.template(count, read),
      rows: (statement) => {
        statements++;
        return reader.rows(statement);
      },
    } satisfies CompiledReader,
    get statements() {
      return statements;
    },
  };
}
