// An entry for built-module.test.ts run by start.mjs: says what it was started with, then fails.
process.stdout.write(`${JSON.stringify({ argv: process.argv.slice(1) })}\n`);

function failHere(): never {
  throw new Error('failed on purpose');
}
failHere();
