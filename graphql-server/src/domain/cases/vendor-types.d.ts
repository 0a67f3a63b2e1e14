// archiver 8 ships without typings (and @types/archiver describes the older default export).
// Only what the download-all route uses is declared.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface EntryData {
    name: string;
    date?: Date;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
