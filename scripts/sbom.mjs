// The software bill of materials of what the image ships (CycloneDX JSON on stdout): every
// package of the workspaces' production dependencies, the ones its runtime stage installs
// and the ones its bundles were built from (the portal's React, for one), and no tool that
// only builds or tests.
//
// Not `npm sbom --omit dev`: npm drops with it every package any devDependency also depends
// on (its `.dev` selector takes "a child of a devDependency" as dev): here 42 of the 224
// components the image ships, zod, nodemailer, react and pg-protocol among them. So
// the whole tree's bill is taken, less the packages the lockfile marks dev-only: the same
// marks `npm ci --omit=dev` installs by.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8'))
const refOf = (path, entry) =>
  `${entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`

const runs = new Set()
const devOnly = new Set()
for (const [path, entry] of Object.entries(lockfile.packages)) {
  if (path === '' || entry.link || !entry.version) continue
  ;(entry.dev ? devOnly : runs).add(refOf(path, entry))
}
// A name and version some copy of which the image runs stays, whatever other copies are.
const isDevOnly = (ref) => devOnly.has(ref) && !runs.has(ref)

const bom = JSON.parse(
  execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
)
bom.components = bom.components.filter((component) => !isDevOnly(component['bom-ref']))
bom.dependencies = bom.dependencies
  .filter((dependency) => !isDevOnly(dependency.ref))
  .map((dependency) => ({
    ...dependency,
    dependsOn: dependency.dependsOn?.filter((ref) => !isDevOnly(ref)),
  }))
process.stdout.write(`${JSON.stringify(bom, null, 2)}\n`)
