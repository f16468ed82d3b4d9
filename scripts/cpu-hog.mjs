// Runs a command while other processes keep every core busy, to prove the tests wait for states, not for time.
//   node scripts/cpu-hog.mjs [--hogs N] [-- command args...]   (default: as many hogs as cores, command `npm test`)
//   node scripts/cpu-hog.mjs --only [--hogs N]                  (only hogs, until stopped with Ctrl-C)
// It prints the command's wall time and exits with the command's code.
import { spawn } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const own = separator === -1 ? args : args.slice(0, separator);
const command = separator === -1 ? ['npm', 'test'] : args.slice(separator + 1);
const hogsAt = own.indexOf('--hogs');
const hogCount = hogsAt === -1 ? os.availableParallelism() : Number(own[hogsAt + 1]);
if (!Number.isInteger(hogCount) || hogCount < 1) {
  process.stderr.write('--hogs takes a whole number of at least 1\n');
  process.exit(2);
}

// Each hog is its own process, so the scheduler shares the cores between it and the suite as it would with
// any other busy neighbour (a build, a second test run), at the same priority.
const spin = 'for (;;) { Math.sqrt(Math.random()); }';
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}
process.stdout.write(`${hogCount} CPU hogs running (pids ${hogs.map((h) => h.pid).join(', ')})\n`);

if (separator === -1 && own.includes('--only')) {
  // Hogging only: wait to be stopped.
  await new Promise(() => {});
}

const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const code = await new Promise((resolve) =>
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
const seconds = Math.round((Date.now() - started) / 1000);
stopHogs();
process.stdout.write(
  `\n${command.join(' ')} under ${hogCount} CPU hogs: exit ${code} after ${seconds} s (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
process.exit(code);
