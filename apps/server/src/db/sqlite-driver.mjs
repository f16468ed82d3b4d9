// The SQLite driver for the Node this process runs on (decision 054).
//
// better-sqlite3 12.x wraps its objects in Node's legacy node::ObjectWrap. From Node 24.19 that class removes an
// environment cleanup hook in its destructor and aborts the process when no V8 context is entered, which is the
// case whenever an idle garbage collection frees a prepared statement: Kysely prepares one per query, so a
// server on Node 24 would die at a random moment after its first queries. 13.x is built on Node-API and is free
// of it, but it needs Node 22 and crashes at `new Database()` on Node 20. Both are installed; this picks one.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export const sqliteDriverName = nodeMajor >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';
/** Where the driver's entry is, for a worker thread that must load the same one. */
export const sqliteDriverPath = require.resolve(sqliteDriverName);

const SQLite = require(sqliteDriverName);
export default SQLite;
