// Lighthouse on both login pages, mobile (its default: a mid-range phone on a slow 4G link,
// simulated): the performance and accessibility scores of issue 45, with the first and
// largest contentful paints behind the performance score.
//
// Lighthouse is not a dependency of the project: it and what it brings weigh 176 MB (114
// packages) against the project's 427 MB, for a figure read now and then. Install it
// anywhere and name the folder: `npm install --prefix /tmp/lh lighthouse`, then
// `LIGHTHOUSE_DIR=/tmp/lh BENCH_ONLY=lighthouse npm run bench -w @portal/server`.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

interface Category {
  score: number | null
}
interface Audit {
  numericValue?: number
  score: number | null
}
interface Result {
  lhr: { categories: Record<string, Category>; audits: Record<string, Audit> }
}
type RunLighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; logLevel: string; output: string },
) => Promise<Result | undefined>
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{
    port: number
    kill(): void
  }>
}

const loginPages = [
  { name: 'usweb  /usweb/login', path: '/usweb/login?prgName=bclip&level1Org=100' },
  { name: 'pl     /proliability/login', path: '/proliability/login' },
]

/** A module of the Lighthouse installation in LIGHTHOUSE_DIR. */
async function fromInstallation<T>(dir: string, name: string): Promise<T> {
  const { createRequire } = await import('node:module')
  const resolved = createRequire(join(dir, 'package.json')).resolve(name)
  return (await import(pathToFileURL(resolved).href)) as T
}

export async function lighthouseScores(portalPort: number) {
  const dir = process.env.LIGHTHOUSE_DIR
  if (!dir) {
    console.log('\nLighthouse: skipped (set LIGHTHOUSE_DIR to a folder where it is installed)')
    return
  }
  const { default: lighthouse } = await fromInstallation<{ default: RunLighthouse }>(
    dir,
    'lighthouse',
  )
  const launcher = await fromInstallation<ChromeLauncher>(dir, 'chrome-launcher')
  // On a shared machine the score moves with the total blocking time: each page runs
  // LIGHTHOUSE_RUNS times (default 3) and prints the median run, with the range.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
  console.log(`\nLighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs}`)
  for (const page of loginPages) {
    const results: Result['lhr'][] = []
    let failed = 0
    for (let run = 0; run < runs; run++) {
      // A fresh browser for each run: nothing cached from the one before.
      const chrome = await launcher.launch({
        chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      })
      try {
        const result = await lighthouse(`http://127.0.0.1:${portalPort}${page.path}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          logLevel: 'error',
          output: 'json',
        })
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
        // A run Lighthouse could not score (a page that never painted in its time: a loaded
        // machine) is left out and counted.
        if (result.lhr.categories.performance?.score == null) failed++
        else results.push(result.lhr)
      } finally {
        chrome.kill()
      }
    }
    const score = (lhr: Result['lhr'], name: string) =>
      Math.round((lhr.categories[name]?.score ?? 0) * 100)
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'))
    const median = results[Math.floor(results.length / 2)]
    if (!median) {
      console.log(`  ${page.name.padEnd(36)} no run scored (${failed} failed)`)
      continue
    }
    const audit = (name: string) => median.audits[name]?.numericValue ?? 0
    const seconds = (name: string) => `${(audit(name) / 1000).toFixed(1)} s`
    const range =
      `${score(results[0] ?? median, 'performance')}–${score(results.at(-1) ?? median, 'performance')}` +
      (failed > 0 ? `, ${failed} run(s) not scored` : '')
    console.log(
      `  ${page.name.padEnd(36)} performance ${score(median, 'performance')} (${range}), ` +
        `accessibility ${score(median, 'accessibility')}  (FCP ${seconds('first-contentful-paint')}, ` +
        `LCP ${seconds('largest-contentful-paint')}, TBT ${Math.round(audit('total-blocking-time'))} ms)`,
    )
  }
}
