// npm test: every suite CI runs, in order of speed. Under CI=true a suite that cannot run fails the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, isCI, log, run } from './lib.mjs';
import { ensurePostgresBinaries, startPostgres } from './postgres.mjs';
import { findHaproxy } from './cluster.mjs';

/** Debian's Chromium, by package: the e2e pages run in the headless shell, the Push API flows in the full browser. */
const BROWSERS = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };
const results = [];
/** Failed tests by stage name, from the stages that write a report. */
const failures = new Map();
const started = Date.now();

/** Free room the in-memory folder must have: the suites' temporary files, with room to spare. */
const MEMORY_TEMP_BYTES_NEEDED = 2 * 1024 ** 3;

/**
 * The suites' temporary folder in memory where the machine has one (tmpfs): every API test's SQLite
 * database, the e2e servers' databases and the throwaway PostgreSQL cluster live under it. Their durable
 * commits still call fsync, the same code paths, but on a slow disk each fsync waited several
 * milliseconds (7 ms on the CI machine kind), and the SQLite API suite spent a fifth of its time waiting
 * on them. A process crash, which the crash tests cause, keeps what was written either way.
 */
function memoryTempDir() {
  try {
    // A container's /dev/shm may be a few dozen megabytes: the suites' databases and PostgreSQL cluster need more.
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    if (bavail * bsize < MEMORY_TEMP_BYTES_NEEDED) return null;
    const dir = fs.mkdtempSync(path.join('/dev/shm', 'karera-test-'));
    // Like /tmp: the PostgreSQL cluster's owner, not root, makes its folder inside.
    fs.chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return null;
  }
}
const tempDir = memoryTempDir();
if (tempDir) process.env.TMPDIR = tempDir;
/** Where each Vitest stage writes its JSON report, read back to name its failures in the summary. */
const reportDir = fs.mkdtempSync(path.join(tempDir ?? os.tmpdir(), 'karera-reports-'));

/**
 * Vitest with its usual output and a JSON report beside it. CI keeps only the end of a run's output, and
 * the e2e stage prints hundreds of lines after the API stages: the summary names each failed test from
 * the report, so a failure in any stage can be read from the tail.
 */
function vitest(name, args, options) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return run('npx', ['vitest', 'run', ...args, ...reporters], options).then((code) => {
    failures.set(name, failedTests(report));
    return code;
  });
}

/** The failed tests a Vitest JSON report names, and the files that failed outside any test (a set-up, an import). */
function failedTests(reportPath) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  } catch {
    return ['(no report was written: see the stage output)'];
  }
  const cwd = process.cwd();
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(cwd, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      lines.push(`${where} > ${test.fullName}${why ? `: ${why}` : ''}`);
    }
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`${where}: ${(file.message ?? 'failed').split('\n')[0].slice(0, 300)}`);
    }
  }
  return lines;
}

async function step(name, fn) {
  log(name);
  const t0 = Date.now();
  let outcome;
  try {
    outcome = await fn();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    outcome = 'failed';
  }
  const status = outcome === 0 || outcome === 'passed' ? 'passed' : outcome === 'skipped' ? 'skipped' : 'failed';
  results.push({ name, status, seconds: Math.round((Date.now() - t0) / 1000) });
}

/** A suite that cannot run: a failure in CI, a loud skip on a developer machine. */
function cannotRun(reason) {
  process.stderr.write(`${reason}\n`);
  return isCI ? 'failed' : 'skipped';
}

/** Runs a command with its output held back, then printed whole, so two at once do not interleave. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', () => resolve(127));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// The linter, the format check and the type check each keep one core busy: side by side on two cores, the
// format check and the type check together take about the linter's time.
await Promise.all([
  step('lint', async () => {
    const codes = await Promise.all([
      runQuietly('npm', ['run', '--silent', 'lint:code']),
      runQuietly('npm', ['run', '--silent', 'lint:format']),
    ]);
    return codes.find((code) => code !== 0) ?? 0;
  }),
  step('typecheck', () => runQuietly('npm', ['run', '--silent', 'typecheck'])),
]);
const UNIT_STAGE = 'unit tests (Vitest)';
await step(UNIT_STAGE, () =>
  vitest(UNIT_STAGE, [
    '--project',
    'shared',
    '--project',
    'web',
    '--project',
    'server-unit',
    '--project',
    'unit-mocking',
  ]),
);
const SQLITE_STAGE = 'API integration tests on SQLite';
await step(SQLITE_STAGE, () => vitest(SQLITE_STAGE, ['--project', 'server-api*']));

const PG_STAGE = 'API integration tests on PostgreSQL';

await step(PG_STAGE, async () => {
  const bin = ensurePostgresBinaries();
  if (!bin) return cannotRun('PostgreSQL is not installed: apt-get install postgresql (or run as root to install it).');
  // The cluster test runs three instances behind HAProxy (decision 030); without it, that test is skipped.
  if (!findHaproxy()) {
    const missing = 'HAProxy is not installed: apt-get install haproxy (or run as root to install it).';
    if (isCI) return cannotRun(missing);
    process.stderr.write(`${missing} The cluster test is skipped.\n`);
  }
  const pg = await startPostgres(bin);
  try {
    return await vitest(PG_STAGE, ['--project', 'server-api*'], {
      env: { ...process.env, TEST_PG_ADMIN_URL: pg.url },
    });
  } finally {
    pg.stop();
  }
});

await step('build', () => run('npm', ['run', '--silent', 'build']));
await step('landing bundle budget (122 KB gzipped JS)', () => run('node', ['scripts/bundle-size.mjs']));

await step('end-to-end tests (Playwright, Chromium, 390x844)', async () => {
  const missing = Object.keys(BROWSERS).filter((name) => !fs.existsSync(BROWSERS[name]));
  // Both packages at once: each needs chromium-common of its own version, so they move together.
  if (missing.length > 0 && !aptInstall(Object.keys(BROWSERS))) {
    return cannotRun(`Not installed: ${missing.join(', ')}. apt-get install ${missing.join(' ')} (or run as root).`);
  }
  return run('npx', ['playwright', 'test']);
});

const total = Math.round((Date.now() - started) / 1000);
log(`summary (${total}s)`);
for (const r of results) {
  process.stdout.write(`  ${r.status.padEnd(7)} ${r.name} (${r.seconds}s)\n`);
  if (r.status !== 'failed') continue;
  for (const line of failures.get(r.name) ?? []) process.stdout.write(`      ✗ ${line}\n`);
}
fs.rmSync(reportDir, { recursive: true, force: true });
if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
