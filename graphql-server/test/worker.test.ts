import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MAIL_TASK } from '../src/domain/notifications/account-mails';
import { approveSpecialist } from '../src/domain/people/admin.service';
import { createPrismaClient, type Db } from '../src/lib/db/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser } from './helpers/factories';

// `npm run worker` (scripts/worker.ts) as its own process: it refuses to start without DATABASE_URL; on
// PostgreSQL it runs a job committed by another process (the approval mail, to the outbox) and stops
// cleanly on SIGTERM. It runs the queue, so it gets a database of its own (helpers/database.ts).

const WORKER = fileURLToPath(new URL('../src/scripts/worker.ts', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Started {
  const { DATABASE_URL: _url, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

it('refuses to start without DATABASE_URL (the embedded database belongs to the server)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-worker-'));
  try {
    const worker = startWorker({ DATA_DIR: dataDir });
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe.runIf(onPostgres)('npm run worker on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let dataDir: string;
  let worker: Started | undefined;

  beforeAll(async () => {
    database = await fileDatabase();
    db = createPrismaClient(database.url, 1);
    dataDir = await mkdtemp(join(tmpdir(), 'vetconsult-worker-'));
  });
  afterAll(async () => {
    if (worker?.child.exitCode === null) worker.child.kill('SIGKILL');
    await db?.$disconnect();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs a job another process committed, then stops on SIGTERM', async () => {
    const started = startWorker({ DATABASE_URL: database.url, DATA_DIR: dataDir, JOBS_POLL_MS: '60000' });
    worker = started;
    await expect.poll(started.output, { timeout: 30_000, interval: 100 }).toContain('job worker started');

    // The approval and its mail job commit here; the worker hears of it (LISTEN), not at its 60 s poll.
    const specialist = await createUser(db, { role: 'SPECIALIST', approved: false });
    await db.$transaction((tx) => approveSpecialist(tx, specialist.id));
    const outbox = join(dataDir, 'outbox');
    const mailFor = async () =>
      (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(`-${specialist.email}.eml`));
    await expect.poll(mailFor, { timeout: 30_000, interval: 100 }).toHaveLength(1);
    const job = await db.job.findUniqueOrThrow({ where: { key: `${APPROVAL_MAIL_TASK}:${specialist.id}` } });
    expect(job.doneAt).not.toBeNull();

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('worker stopping');
  }, 60_000);
});
