// Files the service reads at run time, found from this module. It sits one folder below
// apps/server both as source (src/paths.ts) and when compiled (dist/server.js), so the same
// relative path works for `tsx` and for plain `node` on the build output.
import { fileURLToPath } from 'node:url'

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url))
