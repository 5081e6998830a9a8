// Where a profiled service's main thread goes, by rule (issue 45: "say which rule costs how
// much"). Each sample of a `--cpu-prof` profile goes to the first rule found walking up its
// stack from the running function: the service's own frames by the source file they came
// from (the bench's bundle keeps esbuild's `// src/…` marks, so a bundle line names its file),
// and below any of the service's frames by the npm package or Node module running. Used by
// profile-sign-in.ts; the rules are this file's table, in the order they are tried.
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** A frame as the rules read it: the source file (service) or the package / Node module. */
interface Frame {
  /** `src/plugins/session.ts`, `pg`, `node:_http_server`, `(garbage collector)`… */
  where: string
  fn: string
}

type Rule = [name: string, matches: (frame: Frame) => boolean]

const file =
  (...paths: string[]) =>
  (frame: Frame) =>
    paths.some((path) => frame.where.startsWith(path))
const fnIn = (path: string, names: string[]) => (frame: Frame) =>
  frame.where === path && names.includes(frame.fn)

/**
 * The rules, tried on each frame from the running one up; the first that matches takes the
 * sample. Service frames come first in their own stack order, so a HMAC under the anti-forgery
 * check is the check's, and a socket write under a statement is the statement's.
 */
/**
 * Frames that work for whoever called them: Node's modules and native code (a socket write is
 * the statement's or the answer's), and the service's hash and HMAC helpers (an HMAC is the
 * anti-forgery check's or the rate limit's). The walk goes on past them to their caller.
 */
const isPassedThrough = (frame: Frame) =>
  frame.where.startsWith('node:') ||
  frame.where.startsWith('native:') ||
  (frame.where === 'src/lib/crypto.ts' && !['seal', 'open', 'openWithAny'].includes(frame.fn))

const httpAndFastify = 'HTTP and Fastify (what any service pays)'

const rules: Rule[] = [
  [
    'anti-forgery token (HMACs, cookie)',
    fnIn('src/plugins/session.ts', ['xsrfFor', 'isXsrfValid', 'issue']),
  ],
  [
    'cookie cipher (sealed hand-off secret, device cookie)',
    fnIn('src/lib/crypto.ts', ['seal', 'open', 'openWithAny']),
  ],
  [
    'statements (Drizzle, pg, their socket writes)',
    file('src/store/', 'drizzle-orm', 'pg', 'pg-pool', 'pg-protocol', 'pg-types'),
  ],
  [
    'password hash hand-off (to its thread and back)',
    file('src/lib/passwords.ts', 'src/lib/hash-workers.ts', '@node-rs/argon2'),
  ],
  [
    'rate limits',
    file(
      'src/plugins/rate-limits.ts',
      'src/lib/abuse-limits.ts',
      'src/lib/window-store.ts',
      'src/lib/abuse-targets.ts',
    ),
  ],
  ['security headers', file('src/plugins/security.ts')],
  ['metrics', file('src/plugins/metrics.ts', 'prom-client')],
  [
    'request context, id and log',
    file(
      'src/lib/request-context.ts',
      'src/plugins/logging.ts',
      'pino',
      'node:internal/async_local_storage',
    ),
  ],
  ['tracing', file('src/plugins/tracing.ts', 'src/tracing.ts', '@opentelemetry')],
  [
    'validation and answers (zod)',
    file('src/plugins/api-schemas.ts', 'zod', 'fastify-type-provider-zod'),
  ],
  ['session handle (load, move, end)', file('src/plugins/session.ts')],
  [
    'login page',
    file('src/plugins/web.ts', 'src/plugins/page-shell.ts', 'src/plugins/page-addresses.ts'),
  ],
  ['OpenID Connect hooks', file('src/modules/oidc/')],
  [
    'routes and services (sign-in code)',
    file('src/modules/', 'src/lib/', '../../packages/contract/'),
  ],
  ['other service code (app, plugins)', file('src/')],
  ['cookies (@fastify/cookie)', file('@fastify/cookie', 'cookie')],
  ['compression hook (@fastify/compress)', file('@fastify/compress')],
  ['form bodies (@fastify/formbody)', file('@fastify/formbody', 'fast-querystring')],
  [
    httpAndFastify,
    file('fastify', 'find-my-way', 'light-my-request', 'avvio', 'fast-json-stringify', '@fastify/'),
  ],
  ['V8: garbage collector, compiler, runtime', file('(garbage collector)', '(program)')],
]

/** Each line of the bundle → the source file esbuild put there (its `// path` marks). */
function sourceLines(bundlePath: string): (line: number) => string {
  const marks: [number, string][] = []
  readFileSync(bundlePath, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const mark = /^\/\/ ((?:\.\.\/)*(?:src|packages|bench)\/\S+\.tsx?)$/.exec(text)
      if (mark?.[1]) marks.push([index, mark[1]])
    })
  return (line) => {
    let found = '(bundle)'
    for (const [start, path] of marks) {
      if (start > line) break
      found = path
    }
    return found
  }
}

function frameOf(node: ProfileNode, bundlePath: string, sourceOf: (line: number) => string): Frame {
  const { url, functionName, lineNumber } = node.callFrame
  if (!url) {
    const isRuntime = ['(garbage collector)', '(program)'].includes(functionName)
    return { where: isRuntime ? functionName : `native:${functionName}`, fn: functionName }
  }
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  if (packageName) return { where: packageName, fn: functionName }
  if (url.startsWith('node:')) return { where: url, fn: functionName }
  if (url.endsWith(bundlePath)) return { where: sourceOf(lineNumber), fn: functionName }
  return { where: url, fn: functionName }
}

/**
 * Shares of the main thread's busy samples in [from, to] (the profile's clock, µs) by rule,
 * largest first; idle samples are left out.
 */
export function ruleShares(
  profilePath: string,
  bundlePath: string,
  window: [from: number, to: number],
): { rule: string; share: number }[] {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as Profile
  const sourceOf = sourceLines(bundlePath)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id)
  const ruleOfNode = new Map<number, string>()
  const ruleOf = (id: number): string => {
    const known = ruleOfNode.get(id)
    if (known !== undefined) return known
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = frameOf(nodes.get(at) as ProfileNode, bundlePath, sourceOf)
      if (isPassedThrough(frame)) continue
      const rule = rules.find(([, matches]) => matches(frame))
      if (rule) {
        ruleOfNode.set(id, rule[0])
        return rule[0]
      }
    }
    // Node's own work with no package or service code above it: the event loop, sockets.
    const fallback = httpAndFastify
    ruleOfNode.set(id, fallback)
    return fallback
  }
  const counts = new Map<string, number>()
  let busy = 0
  let time = profile.startTime
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0
    if (time < window[0] || time > window[1]) return
    if (nodes.get(id)?.callFrame.functionName === '(idle)') return
    busy++
    const rule = ruleOf(id)
    counts.set(rule, (counts.get(rule) ?? 0) + 1)
  })
  return [...counts]
    .map(([rule, count]) => ({ rule, share: count / busy }))
    .sort((a, b) => b.share - a.share)
}
