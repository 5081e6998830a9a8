// Sizes libuv's thread pool to the password hashing, before the pool starts: preloaded with
// `node --require` by every start of the service (npm run serve, dev, the bench, the tests'
// child processes). argon2 (@node-rs/argon2) runs on this pool, which also serves file,
// DNS and zlib work; libuv starts it, at UV_THREADPOOL_SIZE threads (default 4), the first
// time any of that work is queued, and for an ES module entry that is Node reading the
// entry file itself, so setting it in server.ts comes too late (docs/decisions/0014).
//
// The size: the hashes that may run at once (PASSWORD_HASH_CONCURRENCY, default the cores, as
// in lib/passwords.ts) plus 2 threads left to file, DNS and zlib work, and never fewer than
// libuv's 4. An explicit UV_THREADPOOL_SIZE in the environment is kept.
'use strict'
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a preload runs as CommonJS
const { availableParallelism } = require('node:os')

const spareThreads = 2
const configured = Number.parseInt(process.env.PASSWORD_HASH_CONCURRENCY ?? '', 10)
const hashing = Number.isInteger(configured) && configured > 0 ? configured : availableParallelism()
process.env.UV_THREADPOOL_SIZE ??= String(Math.min(1024, Math.max(4, hashing + spareThreads)))
