import { describe, expect, it } from 'vitest'
import { shellOptionsOf } from './shell-options.ts'

const full = { hasFooter: true, hasBackground: true }
const plain = { hasFooter: false, hasBackground: false }

describe('shell options of a screen', () => {
  it('hides footer and background on the welcome and password-updated screens of both areas', () => {
    for (const area of ['usweb', 'proliability']) {
      expect(shellOptionsOf(`/${area}/registerstep3`)).toEqual(plain)
      expect(shellOptionsOf(`/${area}/updatetemppasswordsuccess`)).toEqual(plain)
    }
  })

  it('matches the address as the routes do: any case, a trailing slash', () => {
    expect(shellOptionsOf('/USWEB/RegisterStep3/')).toEqual(plain)
    expect(shellOptionsOf('/proliability/UpdateTempPasswordSuccess')).toEqual(plain)
  })

  it('shows footer and background everywhere else', () => {
    for (const pathname of [
      '/',
      '/usweb',
      '/usweb/',
      '/usweb/login',
      '/usweb/registerstep2',
      '/usweb/updatetemppassword',
      '/usweb/registerstep3/extra',
      '/elsewhere/registerstep3',
      '/proliability/mfa',
    ]) {
      expect(shellOptionsOf(pathname), pathname).toEqual(full)
    }
  })
})
