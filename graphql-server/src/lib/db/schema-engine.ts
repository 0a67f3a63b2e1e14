import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as engineGlue from '@prisma/schema-engine-wasm/schema_engine_bg';

// Prisma's schema engine compiled to WebAssembly: migrations work offline, with no native binary.
// Its package entry imports the .wasm as an ES module (needs --experimental-wasm-modules on Node 20),
// so we instantiate it ourselves once per process.

type SchemaEngine = engineGlue.SchemaEngine;
let loaded: Promise<typeof engineGlue> | undefined;

function loadEngineModule(): Promise<typeof engineGlue> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    // The .wasm file is not in the package's export map: resolve its sibling glue file instead.
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = join(dirname(gluePath), 'schema_engine_bg.wasm');
    const bytes = await readFile(wasmPath);
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': engineGlue as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    engineGlue.__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return engineGlue;
  })();
  return loaded;
}

export interface OpenSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections (engine.free() alone leaves the pool open). */
  close(): Promise<void>;
}

/** Opens the schema engine on a PostgreSQL connection string (real server or embedded PGlite socket). */
export async function openSchemaEngine(
  connectionString: string,
  datamodel: { path: string; content: string },
  log: (message: string) => void = () => {},
): Promise<OpenSchemaEngine> {
  const glue = await loadEngineModule();
  const pg = new PrismaPg({ connectionString, max: 1 });
  const adapters: Array<{ dispose(): Promise<void> }> = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: pg.provider,
    adapterName: pg.adapterName,
    async connect() {
      const adapter = await pg.connect();
      adapters.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const adapter = await pg.connectToShadowDb();
      adapters.push(adapter);
      return adapter;
    },
  };
  const engine = await glue.SchemaEngine.new(
    { datamodels: [[datamodel.path, datamodel.content]] },
    log,
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(adapters.map((a) => a.dispose()));
    },
  };
}
