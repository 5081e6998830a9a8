// Imports customer records from CSV with the spec §3 field names as headers. Good rows are
// kept even when others are bad; a re-import updates by customer number, so it is idempotent.
import { z } from 'zod'
import { emailPattern, findProgram } from '@portal/contract'
import { ImportFileError, readCsvRecords, type ImportReport } from '../../lib/csv-import.ts'
import { customerFields, type NewCustomerRow as CustomerRow } from '../../store/customers.repo.ts'
import type { Store } from '../../store/index.ts'

export { customerFields }

const optionalEmail = z
  .string()
  .refine((v) => v === '' || emailPattern.test(v), 'is not a valid email address')
  .optional()

const RowSchema = z
  .object({
    custnum: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'must be 1-10 letters or digits'),
    kprogName: z.string().refine((v) => findProgram(v) !== undefined, 'is not a known program'),
    level1org: z.string().regex(/^\d{1,6}$/, 'must be digits'),
    emailAddr: optionalEmail,
    primaryEmailAddress: optionalEmail,
    emailaddrcc: optionalEmail,
  })
  .loose()

/** Only the customers are written (no audit row: the operator command writes that). */
export async function importCustomersCsv(
  { store }: { store: Store },
  csv: string,
): Promise<ImportReport> {
  const { customers } = store
  const records = readCsvRecords(csv)
  const headers = Object.keys(records[0]?.record ?? {})
  const unknown = headers.filter((h) => !(customerFields as string[]).includes(h))
  if (unknown.length > 0) {
    throw new ImportFileError(`Unknown columns: ${unknown.join(', ')} (expected spec §3 names)`)
  }
  const report: ImportReport = { imported: 0, rejected: [] }
  const good: CustomerRow[] = []
  for (const { record, info } of records) {
    const result = RowSchema.safeParse(record)
    if (!result.success) {
      const errors = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)
      report.rejected.push({ line: info.lines, errors })
      continue
    }
    const row = Object.fromEntries(
      customerFields.map((field) => [field, record[field] === '' ? null : (record[field] ?? null)]),
    ) as CustomerRow
    good.push(row)
  }
  // Within one file the last row for a customer number wins, as a second import would.
  const byCustnum = new Map(good.map((row) => [row.custnum, row]))
  const rows = [...byCustnum.values()]
  const updatable = customerFields.filter((f) => f !== 'custnum' && headers.includes(f))
  await customers.upsertMany(rows, updatable)
  report.imported = rows.length
  return report
}
