import ts from 'typescript'
import { readFileSync } from 'node:fs'
import { execSync } from 'node:child_process'
const files = execSync(
  "git ls-files -co --exclude-standard 'apps/web/src/**/*.ts' 'apps/web/src/**/*.tsx'",
)
  .toString()
  .split('\n')
  .filter((f) => f && !f.includes('.test.'))
for (const f of files) {
  let text: string
  try {
    text = readFileSync(f, 'utf8')
  } catch {
    continue
  }
  const sf = ts.createSourceFile(
    f,
    text,
    ts.ScriptTarget.Latest,
    true,
    f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const visit = (n: ts.Node, inFn: boolean) => {
    const fn = inFn || ts.isFunctionLike(n)
    if (
      !fn &&
      ts.isPropertyAccessExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 't'
    ) {
      console.log(
        `${f}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.parent.getText().slice(0, 80)}`,
      )
    }
    ts.forEachChild(n, (c) => visit(c, fn))
  }
  visit(sf, false)
}
