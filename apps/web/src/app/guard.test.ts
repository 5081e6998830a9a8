import { describe, expect, it } from 'vitest'
import { areaSegments, screens } from '../config/paths.ts'
import { admits, allowedNextScreens, areaScreenOf, guardedScreens, mayEnter } from './guard.ts'

// Spec §2 "Navigation guard", written out pair by pair so that the table in guard.ts is
// checked against the specification's words, not against itself.
const specPairs: readonly [from: string, to: string][] = [
  ['login', 'forgot-username'],
  ['login', 'forgot-password'],
  ['login', 'registerstep1'],
  ['login', 'updatetemppassword'],
  ['forgot-password', 'forgot-username'],
  ['forgot-password', 'reset-password'],
  ['forgot-username', 'send-username'],
  ['registerstep1', 'registerstep2'],
  ['registerstep2', 'registerstep3'],
  ['updatetemppassword', 'updatetemppasswordsuccess'],
]

// Not in the spec's list: the delivery step 2 screens lead to the confirmations, the only
// way the account-number and username recoveries can finish (guard.ts says why).
const deliveryStepPairs: readonly [from: string, to: string][] = [
  ['forgotusername2', 'send-username'],
  ['forgotpassword2', 'reset-password'],
]
// Issue 27: the support screen after a lock by wrong codes offers the reset that unlocks.
const lockoutPairs: readonly [from: string, to: string][] = [['support', 'forgot-password']]
const allowedPairs = [...specPairs, ...deliveryStepPairs, ...lockoutPairs]

const areas = Object.values(areaSegments)
const everyScreen = ['', ...Object.values(screens), 'support', 'verificationinfostep1']

describe('navigation guard', () => {
  it('guards exactly the screens the specification lists', () => {
    expect([...guardedScreens].sort()).toEqual(
      [
        'forgot-username',
        'forgot-password',
        'registerstep1',
        'registerstep2',
        'registerstep3',
        'send-username',
        'reset-password',
        'updatetemppassword',
        'updatetemppasswordsuccess',
      ].sort(),
    )
  })

  it('holds exactly the allowed pairs of the specification', () => {
    const tablePairs = Object.entries(allowedNextScreens).flatMap(([from, tos]) =>
      tos.map((to) => [from, to]),
    )
    expect(tablePairs.sort()).toEqual([...allowedPairs].sort())
  })

  for (const area of areas) {
    for (const [from, to] of allowedPairs) {
      it(`lets /${area}/${from} open /${area}/${to}`, () => {
        expect(mayEnter(`/${area}/${from}`, `/${area}/${to}`)).toBe(true)
      })
    }

    it(`counts the empty path of /${area} as login`, () => {
      for (const root of [`/${area}`, `/${area}/`]) {
        expect(mayEnter(root, `/${area}/forgot-password`)).toBe(true)
        expect(mayEnter(root, `/${area}/updatetemppassword`)).toBe(true)
        expect(mayEnter(root, `/${area}/send-username`)).toBe(false)
      }
    })

    it(`refuses every other way into a guarded /${area} screen`, () => {
      for (const from of everyScreen) {
        for (const to of guardedScreens) {
          const source = from === '' ? 'login' : from
          const isAllowed = allowedPairs.some(([f, t]) => f === source && t === to)
          expect(mayEnter(`/${area}/${from}`, `/${area}/${to}`), `${from} → ${to}`).toBe(isAllowed)
        }
      }
    })

    it(`refuses direct entry and reload of a guarded /${area} screen`, () => {
      for (const to of guardedScreens) {
        expect(mayEnter(`/${area}/${to}`, `/${area}/${to}`)).toBe(false)
      }
    })
  }

  it('lets the delivery step 2 screens open only their own confirmation', () => {
    expect(mayEnter('/usweb/forgotusername2', '/usweb/send-username')).toBe(true)
    expect(mayEnter('/usweb/forgotusername2', '/usweb/reset-password')).toBe(false)
    expect(mayEnter('/proliability/forgotpassword2', '/proliability/reset-password')).toBe(true)
    expect(mayEnter('/proliability/forgotpassword2', '/proliability/send-username')).toBe(false)
    expect(mayEnter('/usweb/forgotpassword2', '/proliability/reset-password')).toBe(false)
  })

  it('refuses a pair that crosses from one area into the other', () => {
    expect(mayEnter('/usweb/login', '/proliability/forgot-password')).toBe(false)
    expect(mayEnter('/proliability/login', '/usweb/updatetemppassword')).toBe(false)
  })

  it('refuses a pair taken backwards', () => {
    expect(mayEnter('/usweb/updatetemppasswordsuccess', '/usweb/updatetemppassword')).toBe(false)
    expect(mayEnter('/usweb/reset-password', '/usweb/forgot-password')).toBe(false)
    expect(mayEnter('/proliability/registerstep3', '/proliability/registerstep2')).toBe(false)
  })

  it('refuses previous addresses outside the areas, deeper paths and odd names', () => {
    expect(mayEnter('/', '/usweb/forgot-password')).toBe(false)
    expect(mayEnter('/usweb/login/extra', '/usweb/forgot-password')).toBe(false)
    expect(mayEnter('/usweb/constructor', '/usweb/forgot-password')).toBe(false)
    expect(mayEnter('/usweb/__proto__', '/usweb/forgot-password')).toBe(false)
  })

  it('judges paths without regard to case or a trailing slash', () => {
    expect(mayEnter('/USWEB/Login', '/usweb/Forgot-Username')).toBe(true)
    expect(mayEnter('/usweb/Send-Username', '/usweb/Forgot-Username')).toBe(false)
    expect(mayEnter('/usweb/login/', '/usweb/UpdateTempPassword/')).toBe(true)
    expect(mayEnter('/usweb/updatetemppassword', '/usweb/UPDATETEMPPASSWORD')).toBe(false)
  })

  it('leaves screens outside the guard open from anywhere', () => {
    expect(mayEnter('/usweb/updatetemppassword', '/usweb/login')).toBe(true)
    expect(mayEnter('/proliability/registerstep2', '/proliability/')).toBe(true)
    expect(mayEnter('', '/usweb/support')).toBe(true)
    expect(mayEnter('/usweb/login', '/elsewhere')).toBe(true)
  })

  it('reads the area and screen of a pathname', () => {
    expect(areaScreenOf('/usweb')).toEqual({ flavour: 'usweb', screen: 'login' })
    expect(areaScreenOf('/proliability/Reset-Password')).toEqual({
      flavour: 'pl',
      screen: 'reset-password',
    })
    expect(areaScreenOf('/other/login')).toBeNull()
    expect(areaScreenOf('/usweb/a/b')).toBeNull()
  })
})

describe('entering a screen', () => {
  const shown = (pathname: string, admitted = true) => ({ pathname, admitted })

  it('judges a first load (direct entry, reload) as coming from the very address', () => {
    expect(admits(undefined, '/usweb/forgot-password')).toBe(false)
    expect(admits(undefined, '/proliability/registerstep3')).toBe(false)
    expect(admits(undefined, '/usweb/login')).toBe(true)
    expect(admits(undefined, '/usweb/verificationinfostep1')).toBe(true)
  })

  it('judges a navigation by the address shown when it starts', () => {
    expect(admits(shown('/usweb/login'), '/usweb/forgot-password')).toBe(true)
    expect(admits(shown('/usweb/support'), '/usweb/reset-password')).toBe(false)
    expect(admits(shown('/usweb/forgot-password'), '/usweb/reset-password')).toBe(true)
  })

  it('keeps the answer while the user stays on the screen they entered', () => {
    // A re-render, the same link again, another query or case: not entering again.
    const entered = shown('/usweb/forgot-password')
    expect(admits(entered, '/usweb/forgot-password')).toBe(true)
    expect(admits(entered, '/usweb/Forgot-Password/')).toBe(true)
    expect(admits(shown('/usweb/send-username', false), '/usweb/send-username')).toBe(false)
  })

  it('judges a move to another screen afresh, from the screen being left', () => {
    expect(admits(shown('/usweb/forgot-password'), '/usweb/send-username')).toBe(false)
    expect(admits(shown('/usweb/reset-password'), '/proliability/reset-password')).toBe(false)
    expect(admits(shown('/usweb/send-username', false), '/usweb/login')).toBe(true)
  })
})
