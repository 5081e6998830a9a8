// What the operator's CSV imports share: the file read into records with their line numbers,
// and a report of the rows kept and the rows refused (by line, with the reasons).
import { parse } from 'csv-parse/sync'

/** The file as a whole is unusable (not CSV, wrong columns): nothing was imported. */
export class ImportFileError extends Error {}

export interface ImportReport {
  imported: number
  rejected: { line: number; errors: string[] }[]
}

export interface CsvRecord {
  record: Record<string, string>
  info: { lines: number }
}

/** The rows under a header line; ImportFileError when the text is not CSV. */
export function readCsvRecords(csv: string): CsvRecord[] {
  try {
    return parse(csv, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true })
  } catch (error) {
    throw new ImportFileError(`The file is not valid CSV: ${(error as Error).message}`)
  }
}
