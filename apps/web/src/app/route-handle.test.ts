import { describe, expect, it } from 'vitest'
import { shellOptionsOf } from './route-handle.ts'

describe('shell options from route handles', () => {
  it('shows footer and background when no route asks otherwise', () => {
    expect(shellOptionsOf([])).toEqual({ hasFooter: true, hasBackground: true })
    expect(shellOptionsOf([undefined, null, 'x', {}])).toEqual({
      hasFooter: true,
      hasBackground: true,
    })
  })

  it('hides what any matched route asks to hide', () => {
    expect(shellOptionsOf([undefined, { hidesFooter: true, hidesBackground: true }])).toEqual({
      hasFooter: false,
      hasBackground: false,
    })
    expect(shellOptionsOf([{ hidesBackground: true }, {}])).toEqual({
      hasFooter: true,
      hasBackground: false,
    })
  })
})
