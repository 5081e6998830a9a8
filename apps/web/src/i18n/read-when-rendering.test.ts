// Issue 42: the portal reads its texts one way, `t.<flow>.<key>`, and only when it renders or
// handles an event: a module that read one as it loads would hold the language, or the part
// of the texts, loaded before it (the login page's first load has only login and frame).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** `t.…` read outside any function of `file`: when the module loads. */
function readsAtLoad(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: string[] = []
  const visit = (node: ts.Node, inFunction: boolean) => {
    const deferred = inFunction || ts.isFunctionLike(node)
    if (
      !deferred &&
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 't'
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${relative(src, file)}:${line + 1}`)
    }
    ts.forEachChild(node, (child) => visit(child, deferred))
  }
  visit(source, false)
  return found
}

describe("the portal's texts", () => {
  it('are read when rendering, never as a module loads', () => {
    expect(sourceFiles(src).flatMap(readsAtLoad)).toEqual([])
  })

  it('are read one way: no other channel of texts is left', () => {
    const channels = /\b(webTexts|screenTexts|formTexts|passwordRuleLabels|accountLabelOf)\b/
    const using = sourceFiles(src).filter((file) => channels.test(readFileSync(file, 'utf8')))
    expect(using.map((file) => relative(src, file))).toEqual([])
  })
})
