// What every module's register(app, shared) is given (app.ts builds it once): the settings,
// the store, the one clock, the outbox's writer, the abuse-limit counters, and the helpers
// more than one module uses.
import type { Config } from '../config.ts'
import type { OutboxWriter } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import type { WindowStore } from '../lib/window-store.ts'
import type { Store } from '../store/index.ts'
import type { DeviceCookie } from './mfa/device-trust.ts'

export interface Shared {
  config: Config
  store: Store
  clock: Clock
  writer: OutboxWriter
  /** The abuse limits' counters (Redis when REDIS_URL is set). */
  counters: WindowStore
  /** The program's mailing phone, which messages' brands carry. */
  mailingPhone(program: string): Promise<string | undefined>
  /** The trusted-device cookie the code and passkey routes set. */
  deviceCookie: DeviceCookie
}
