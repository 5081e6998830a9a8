// The image without a container engine (none runs on these machines): the Dockerfile's stages
// replayed instruction by instruction, each stage's filesystem a folder, each RUN a shell in
// it, on this process's Node standing in for the base image's. What it cannot imitate it
// refuses (an instruction or a base image it does not know), so an edit to the Dockerfile
// either replays or fails the test: it never passes unexamined.
import { spawn } from 'node:child_process'
import { cp, mkdir, stat } from 'node:fs/promises'
import { dirname, join, matchesGlob, posix } from 'node:path'
import { execFileSync } from 'node:child_process'

export interface Instruction {
  keyword: string
  args: string
}

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines left out. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = []
  let pending = ''
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd()
    if (line.trimStart().startsWith('#') || (!pending && line.trim() === '')) continue
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `
      continue
    }
    const whole = (pending + line).trim()
    pending = ''
    const match = /^(\w+)\s+([\s\S]*)$/.exec(whole)
    if (!match?.[1] || match[2] === undefined) throw new Error(`unreadable instruction: ${whole}`)
    instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim() })
  }
  return instructions
}

/** `${NAME}`, `${NAME:-default}` and `$NAME`, as Docker substitutes them outside RUN. */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g,
    (_, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const value = values[braced ?? bare ?? '']
      return value !== undefined && value !== '' ? value : (fallback ?? '')
    },
  )
}

/** Words split at white space; a "double" or 'single' quoted run (quotes dropped) stays whole. */
function words(text: string): string[] {
  return [...text.matchAll(/(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"'])+/g)].map(([word]) =>
    word.replace(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g, (_, double?: string, single?: string) =>
      double !== undefined ? double.replace(/\\(.)/g, '$1') : (single ?? ''),
    ),
  )
}

/** `K=V K2="v 2"` into pairs (the only ENV, ARG and LABEL form the replay takes). */
function assignments(text: string): [string, string][] {
  return words(text).map((word) => {
    const at = word.indexOf('=')
    if (at < 1) throw new Error(`expected NAME=value, found "${word}"`)
    return [word.slice(0, at), word.slice(at + 1)]
  })
}

/**
 * The files `docker build .` sends: what git would commit (tracked, and untracked unless
 * ignored) less what .dockerignore leaves out. A pattern that names a folder leaves out all
 * below it; the last pattern that matches a path decides, and `!` takes a path back.
 */
export function buildContext(root: string, dockerignore: string): string[] {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const isException = line.startsWith('!')
      const pattern = posix.normalize(line.slice(isException ? 1 : 0)).replace(/^\/+|\/+$/g, '')
      return { isException, pattern }
    })
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return [...new Set(listed.split('\0'))].filter((path) => {
    if (path === '') return false
    const parts = path.split('/')
    const selfAndFolders = parts.map((_, i) => parts.slice(0, i + 1).join('/'))
    let isIgnored = false
    for (const { isException, pattern } of rules) {
      if (selfAndFolders.some((p) => matchesGlob(p, pattern))) isIgnored = !isException
    }
    return !isIgnored
  })
}

interface Stage {
  name: string
  /** This stage's `/`. */
  root: string
  workdir: string
  args: Record<string, string>
  env: Record<string, string>
  user: string
  cmd: string[]
  labels: Record<string, string>
}

export interface ReplayedImage {
  /** The last stage's filesystem: the image. */
  root: string
  workdir: string
  env: Record<string, string>
  user: string
  cmd: string[]
  labels: Record<string, string>
  /** The base image's Node release, as the FROM line names it. */
  nodeVersion: string
  /** Every command the replay ran, with how long it took: the build's log. */
  log: string[]
}

const run = (command: string, cwd: string, env: Record<string, string>) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `RUN ${command} exited ${code}:\n${output.split('\n').slice(-30).join('\n')}`,
            ),
          ),
    )
  })

/**
 * What this machine's network asks of a client (a proxy, its certificate authority): a build
 * here is given them as a build machine behind the same network would be.
 */
const networkSettings = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        /^(NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR)|(HTTPS?|NO)_PROXY|(https?|no)_proxy)$/.test(
          entry[0],
        ) && entry[1] !== undefined,
    ),
  )

/** The node image's release: `node:<version>-bookworm-slim`, nothing else is imitated. */
function nodeBase(image: string): string {
  const match = /^node:(\d+(?:\.\d+\.\d+)?)-bookworm-slim$/.exec(image)
  if (!match?.[1])
    throw new Error(`the replay imitates node:<version>-bookworm-slim only, not ${image}`)
  const major = Number(match[1].split('.')[0])
  const running = Number(process.versions.node.split('.')[0])
  // The stand-in for the base image is this process's Node: a FROM on another major would
  // build and run here on a Node it does not name.
  if (major !== running) {
    throw new Error(
      `FROM ${image}: the image's Node is ${match[1]}, this replay runs Node ${process.versions.node}`,
    )
  }
  return match[1]
}

/**
 * Replays `dockerfile` on the context at `root` into `scratch`, as `docker build
 * --build-arg …` would, and answers the last stage (the image) as it would run.
 */
export async function replayDockerfile(
  root: string,
  scratch: string,
  buildArgs: Record<string, string> = {},
): Promise<ReplayedImage> {
  const { readFile } = await import('node:fs/promises')
  const instructions = parseDockerfile(await readFile(join(root, 'Dockerfile'), 'utf8'))
  const context = buildContext(
    root,
    await readFile(join(root, '.dockerignore'), 'utf8').catch(() => ''),
  )
  const log: string[] = []
  const stages: Stage[] = []
  const globalArgs: Record<string, string> = {}
  let stage: Stage | undefined
  let nodeVersion = ''
  // The base image's PATH: its node and npm first (here: this process's).
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`

  const inStage = (where: string) =>
    join(stage?.root ?? '', posix.resolve(stage?.workdir ?? '/', where))
  const declare = (args: string, into: Record<string, string>) => {
    for (const word of words(args)) {
      const [name = '', ...value] = word.split('=')
      into[name] = buildArgs[name] ?? (value.length > 0 ? value.join('=') : '')
    }
  }

  for (const { keyword, args } of instructions) {
    if (keyword === 'ARG') {
      declare(args, stage ? stage.args : globalArgs)
      continue
    }
    if (keyword === 'FROM') {
      const [image = '', as, name] = words(substitute(args, globalArgs))
      if (as && as.toUpperCase() !== 'AS') throw new Error(`FROM ${args}: not understood`)
      nodeVersion = nodeBase(image)
      const stageRoot = join(scratch, `stage-${stages.length}`)
      await mkdir(join(stageRoot, 'root'), { recursive: true })
      stage = {
        name: name ?? String(stages.length),
        root: stageRoot,
        workdir: '/',
        args: {},
        env: { PATH: path, HOME: '/root', NODE_VERSION: nodeVersion },
        user: 'root',
        cmd: ['node'],
        labels: {},
      }
      stages.push(stage)
      continue
    }
    if (!stage) throw new Error(`${keyword} before FROM`)
    const values = { ...globalArgs, ...stage.args, ...stage.env }
    switch (keyword) {
      case 'WORKDIR':
        stage.workdir = posix.resolve(stage.workdir, substitute(args, values))
        await mkdir(inStage('.'), { recursive: true })
        break
      case 'ENV':
        for (const [name, value] of assignments(args)) stage.env[name] = substitute(value, values)
        break
      case 'LABEL':
        for (const [name, value] of assignments(args))
          stage.labels[name] = substitute(value, values)
        break
      case 'USER':
        stage.user = substitute(args, values)
        break
      case 'CMD':
        stage.cmd = JSON.parse(args) as string[]
        break
      case 'EXPOSE':
      case 'HEALTHCHECK':
        break
      case 'COPY': {
        const parts = words(substitute(args, values))
        const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length)
        const unknownFlag = parts.find(
          (part) => part.startsWith('--') && !part.startsWith('--from='),
        )
        if (unknownFlag) throw new Error(`COPY ${unknownFlag}: not imitated`)
        const [dest = '', ...sources] = parts.filter((part) => !part.startsWith('--')).reverse()
        sources.reverse()
        const target = inStage(dest)
        const intoFolder = dest.endsWith('/') || dest === '.' || sources.length > 1
        for (const source of sources) {
          if (from !== undefined) {
            const origin = stages.find((s) => s.name === from)
            if (!origin) throw new Error(`COPY --from=${from}: no such stage`)
            const file = join(origin.root, posix.resolve('/', source))
            const isFolder = (await stat(file)).isDirectory()
            await cp(
              file,
              intoFolder && !isFolder ? join(target, posix.basename(source)) : target,
              {
                recursive: true,
              },
            )
            continue
          }
          const wanted = posix.normalize(source).replace(/\/+$/, '')
          const files = context.filter(
            (f) => wanted === '.' || f === wanted || f.startsWith(`${wanted}/`),
          )
          if (files.length === 0) throw new Error(`COPY ${source}: not in the build context`)
          for (const file of files) {
            const relative =
              wanted === '.' || file !== wanted
                ? posix.relative(wanted === '.' ? '' : wanted, file)
                : ''
            const to = relative
              ? join(target, relative)
              : intoFolder
                ? join(target, posix.basename(file))
                : target
            await mkdir(dirname(to), { recursive: true })
            await cp(join(root, file), to)
          }
        }
        break
      }
      case 'RUN': {
        if (args.startsWith('[')) throw new Error('RUN in exec form: not imitated')
        const started = performance.now()
        const env = {
          ...networkSettings(),
          ...globalArgs,
          ...stage.args,
          ...stage.env,
          PATH: stage.env.PATH ?? path,
          HOME: join(stage.root, stage.env.HOME ?? '/root'),
          npm_config_cache: join(stage.root, 'root/.npm'),
          npm_config_update_notifier: 'false',
        }
        await run(args, inStage('.'), env)
        log.push(
          `${stage.name}: RUN ${args} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        )
        break
      }
      default:
        throw new Error(`${keyword}: the replay does not imitate it`)
    }
  }
  const image = stages.at(-1)
  if (!image) throw new Error('no FROM in the Dockerfile')
  return {
    root: image.root,
    workdir: image.workdir,
    env: image.env,
    user: image.user,
    cmd: image.cmd,
    labels: image.labels,
    nodeVersion,
    log,
  }
}

export interface Container {
  /** Everything the process wrote, line by line. */
  output: string[]
  /** Its exit code (null: ended by a signal it did not handle). */
  exited: Promise<number | null>
  /** Sends `signal` to the process itself (PID 1 of its namespace, when isolated). */
  signal(signal: NodeJS.Signals): Promise<void>
  /** Whether it runs as the image would: the image's user, PID 1, `/` read-only. */
  isIsolated: boolean
}

const userIds: Record<string, number> = { root: 0, node: 1000 }

/**
 * Runs `command` in the replayed image as a container would: only the image's ENV and `env`,
 * in its WORKDIR, as its USER, as PID 1 of a PID namespace, with the whole filesystem
 * read-only (a private mount namespace, so nothing outside changes). Switching user and
 * namespaces needs root; elsewhere it runs as this user, not isolated, and says so.
 */
export function startContainer(
  image: ReplayedImage,
  command: string[],
  env: Record<string, string>,
): Container {
  const uid = userIds[image.user] ?? Number(image.user)
  if (!Number.isInteger(uid)) throw new Error(`USER ${image.user}: unknown to the replay`)
  const settings = Object.entries({ ...image.env, ...env }).map(([k, v]) => `${k}=${v}`)
  const isIsolated = process.getuid?.() === 0
  const [program, args] = isIsolated
    ? [
        'unshare',
        [
          '--mount',
          '--pid',
          '--fork',
          '--propagation',
          'private',
          '--',
          'sh',
          '-c',
          `mount -o remount,bind,ro / && exec setpriv --reuid=${uid} --regid=${uid} --clear-groups -- env -i "$@"`,
          'sh',
          ...settings,
          ...command,
        ],
      ]
    : ['env', ['-i', ...settings, ...command]]
  const child = spawn(program, args, {
    cwd: join(image.root, image.workdir),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  let partial = ''
  const read = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    output.push(...lines)
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (partial) output.push(partial)
      resolve(code)
    }),
  )
  return {
    output,
    exited,
    isIsolated,
    async signal(signal) {
      if (!isIsolated) return void child.kill(signal)
      // unshare forks the namespace's PID 1 and waits for it: the signal goes to that child.
      const { readFile } = await import('node:fs/promises')
      const children = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      const pid = Number(children.trim().split(' ')[0])
      if (pid > 0) process.kill(pid, signal)
    },
  }
}
