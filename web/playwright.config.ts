import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the real server (GraphQL, REST, embedded database, mail outbox) serving
// the built web client. DATA_DIR is a fresh folder per run; E2E_DATABASE_URL selects a PostgreSQL
// database instead of the embedded one.

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const E2E_DATA_DIR = resolve(import.meta.dirname, 'test-results/e2e-data');

export default defineConfig({
  testDir: './e2e',
  // Kept apart from the data folder, which Playwright would otherwise wipe after the server started.
  outputDir: './test-results/playwright',
  // Spec files run two at a time; the tests of one file run in order on one worker. Running them on
  // both workers (fullyParallel) was tried; it could not be shown green on this machine in time, and
  // several files share seeded accounts between their tests.
  fullyParallel: false,
  // Two at a time everywhere: on this 2-core machine one worker left the CI run at twice the time.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two browsers and the server share two cores in CI: the longer specs (a dozen screens, axe scans)
  // take 15-20 s alone and need the headroom when the other worker is busy.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // Recording a trace for every test (to keep it only on failure) costs CPU in every test:
    // traces are recorded on the retry in CI; locally, rerun a failing spec with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: [
      `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" "${E2E_DATA_DIR}"`,
      'NODE_ENV=production npm run build',
      'cd ..',
      'exec node --import tsx graphql-server/src/server.ts',
    ].join(' && '),
    url: `${BASE_URL}/auth`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      SEED_ON_EMPTY: 'true',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the full suite would exceed the production limit of 100.
      LOGIN_ATTEMPTS_PER_IP: '10000',
      // Every spec registers its own users from 127.0.0.1: scale the per-IP limits accordingly.
      RATE_LIMIT_SCALE: '100',
      SMTP_URL: '',
      REDIS_URL: '',
    },
  },
});
