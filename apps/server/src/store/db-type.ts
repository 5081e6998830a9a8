// The database type on its own, so modules that only name it (reference-data.ts) need not
// import the engine code in db.ts, which imports them.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
