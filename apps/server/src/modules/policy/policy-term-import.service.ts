// Imports policy terms from CSV (headers policyNumber, custnum, prgName, termStart, termEnd;
// dates YYYY-MM-DD), as customers are imported: good rows are kept even when others are bad,
// and a re-import updates by policy number and term start, so it is idempotent.
import { z } from 'zod'
import { findProgram } from '@portal/contract'
import type { Clock } from '../../lib/clock.ts'
import { ImportFileError, readCsvRecords, type ImportReport } from '../../lib/csv-import.ts'
import type { Store } from '../../store/index.ts'
import type { NewPolicyTermRow } from '../../store/policy-terms.repo.ts'

export const policyTermFields = ['policyNumber', 'custnum', 'prgName', 'termStart', 'termEnd']

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'is not a real date',
  )

const RowSchema = z
  .strictObject({
    policyNumber: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,30}$/, 'must be 1-30 letters, digits or dashes'),
    custnum: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'must be 1-10 letters or digits'),
    prgName: z.string().refine((v) => findProgram(v) !== undefined, 'is not a known program'),
    termStart: isoDay,
    termEnd: isoDay,
  })
  .refine((row) => row.termEnd >= row.termStart, {
    message: 'must not be before termStart',
    path: ['termEnd'],
  })

export async function importPolicyTermsCsv(
  { store, clock }: { store: Store; clock: Clock },
  csv: string,
): Promise<ImportReport> {
  const records = readCsvRecords(csv)
  const headers = Object.keys(records[0]?.record ?? {})
  const missing = policyTermFields.filter((f) => !headers.includes(f))
  const unknown = headers.filter((h) => !policyTermFields.includes(h))
  if (records.length > 0 && (missing.length > 0 || unknown.length > 0)) {
    throw new ImportFileError(
      `Expected the columns ${policyTermFields.join(', ')}` +
        (missing.length > 0 ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''),
    )
  }
  const repo = store.policyTerms
  const report: ImportReport = { imported: 0, rejected: [] }
  const parsed: { line: number; row: z.infer<typeof RowSchema> }[] = []
  for (const { record, info } of records) {
    const result = RowSchema.safeParse(record)
    if (!result.success) {
      const errors = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)
      report.rejected.push({ line: info.lines, errors })
    } else {
      parsed.push({ line: info.lines, row: result.data })
    }
  }
  const known = await repo.knownCustomers([...new Set(parsed.map((p) => p.row.custnum))])
  const importedAt = clock.now()
  const good = new Map<string, NewPolicyTermRow>()
  for (const { line, row } of parsed) {
    if (!known.has(row.custnum)) {
      report.rejected.push({ line, errors: [`custnum ${row.custnum} has no customer record`] })
      continue
    }
    // Within one file the last row for a term wins, as a second import would.
    good.set(`${row.policyNumber}|${row.termStart}`, { ...row, importedAt })
  }
  await repo.upsert([...good.values()])
  report.imported = good.size
  report.rejected.sort((a, b) => a.line - b.line)
  return report
}
