// portal-admin import-policy-terms <file.csv>: policy terms for findCurrentTerm (decision 0008).
import { readFile } from 'node:fs/promises'
import { systemClock } from '../lib/clock.ts'
import {
  importPolicyTermsCsv,
  PolicyTermFileError,
} from '../modules/policy/policy-term-import.service.ts'
import type { Database } from '../store/db.ts'
import type { AdminCommand } from './portal-admin.ts'

export const importPolicyTerms: AdminCommand = {
  name: 'import-policy-terms',
  usage: 'portal-admin import-policy-terms <file.csv>',
  async run(database: Database, [file]: string[]): Promise<number> {
    if (!file) {
      console.error(`Usage: ${this.usage}`)
      return 1
    }
    try {
      const csv = await readFile(file, 'utf8')
      const report = await importPolicyTermsCsv(database.db, systemClock, csv)
      console.log(`Imported or updated ${report.imported} policy term(s).`)
      for (const { line, errors } of report.rejected) {
        console.log(`Line ${line} rejected: ${errors.join('; ')}`)
      }
      return report.rejected.length > 0 ? 2 : 0
    } catch (error) {
      if (error instanceof PolicyTermFileError) {
        console.error(error.message)
        return 1
      }
      throw error
    }
  },
}
