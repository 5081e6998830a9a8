import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A Storage stand-in for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

// Each test loads the module afresh: its in-memory id lasts one page.
async function loadDevice() {
  vi.resetModules()
  return import('./device.ts')
}

describe('device print', () => {
  let localStorage: Storage
  beforeEach(() => {
    localStorage = memoryStorage()
    vi.stubGlobal('window', { localStorage })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is made once and kept in local storage under portalDeviceId', async () => {
    const device = await loadDevice()
    const first = device.devicePrint()
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(localStorage.getItem('portalDeviceId')).toBe(first)
    expect(device.devicePrint()).toBe(first)
    // A new page of the same browser reads the same id.
    expect((await loadDevice()).devicePrint()).toBe(first)
  })

  it('is different in another browser', async () => {
    const first = (await loadDevice()).devicePrint()
    vi.stubGlobal('window', { localStorage: memoryStorage() })
    expect((await loadDevice()).devicePrint()).not.toBe(first)
  })

  it('still works, for the page, when storage is unavailable', async () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('denied')
      },
    })
    const device = await loadDevice()
    const id = device.devicePrint()
    expect(id).not.toBe('')
    expect(device.devicePrint()).toBe(id)
  })

  it('goes with the username and an empty client IP in the MFA headers', async () => {
    const device = await loadDevice()
    expect(device.mfaRequestHeaders('bclip_demo')).toEqual({
      mfaClientIP: '',
      mfaDevicePrint: device.devicePrint(),
      userName: 'bclip_demo',
    })
    expect(device.mfaRequestHeaders(null).userName).toBe('')
  })
})
