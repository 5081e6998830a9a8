import { describe, expect, it } from 'vitest'
import {
  CompactPasswordList,
  contextWords,
  foldPassword,
  isGuessablePassword,
  passwordKeys,
} from './guessable.ts'

const list = CompactPasswordList.of(['password', 'qwerty', 'welcome', 'abc123', 'hello', 'monkey1'])

describe('the normalisation of a password (issue 28)', () => {
  it('ignores case', () => {
    expect(foldPassword('PassWORD')).toBe('password')
    expect(passwordKeys('QWERTY123!')).toContain('qwerty')
  })

  it('reads look-alikes as letters: P@ssw0rd! is password', () => {
    expect(passwordKeys('P@ssw0rd!')).toContain('password')
    expect(passwordKeys('Pa$$w0rd1')).toContain('password')
    expect(passwordKeys('He11o#2024')).toContain(foldPassword('hello'))
  })

  it('drops the digits and symbols the rules make people add, after and before', () => {
    expect(passwordKeys('Password1!')).toContain('password')
    expect(passwordKeys('Welcome@123')).toContain(foldPassword('welcome'))
    expect(passwordKeys('!2024Qwerty')).toContain('qwerty')
    expect(passwordKeys('abc123!!')).toContain(foldPassword('abc123'))
  })

  it('leaves out forms too short to mean anything', () => {
    expect(passwordKeys('Ab1')).toEqual([])
    expect(passwordKeys('dog!2024x').every((key) => key.length >= 4)).toBe(true)
  })

  it('folds compatibility forms (full-width letters)', () => {
    expect(foldPassword('ｐａｓｓｗｏｒｄ')).toBe('password')
  })
})

describe('the compact list', () => {
  it('holds each key once, sorted, and finds every one of them', () => {
    const keys = ['zeta', 'echo', 'mike', 'echo', 'bravo']
    const compact = CompactPasswordList.of(keys)
    expect(compact.size).toBe(4)
    for (const key of keys) expect(compact.has(key)).toBe(true)
    for (const key of ['ech', 'echoo', 'zzzz', 'aaaa', 'bravoo', '']) {
      expect(compact.has(key)).toBe(false)
    }
  })

  it('is empty without entries', () => {
    expect(CompactPasswordList.of([]).has('password')).toBe(false)
  })
})

describe('guessable passwords', () => {
  it.each(['Password1!', 'P@ssw0rd!', 'Welcome@123', 'Qwerty123!', 'Abc123!!', 'Monkey#2024'])(
    'refuses %s',
    (password) => {
      expect(isGuessablePassword(password, list)).toBe(true)
    },
  )

  it.each(['kR7#vQ2!pLm9@xW4', 'Tr0ub4dor&3x', 'correct#Horse7battery'])(
    'accepts %s',
    (password) => {
      expect(isGuessablePassword(password, list)).toBe(false)
    },
  )

  it('refuses the username inside the password', () => {
    const context = contextWords({ username: 'jsmith_2020' })
    expect(isGuessablePassword('Xy!jsmith_2020', list, context)).toBe(true)
    expect(isGuessablePassword('Jsm1th#Blue77', list, context)).toBe(true)
    expect(isGuessablePassword('kR7#vQ2!pLm9@xW4', list, context)).toBe(false)
  })

  it("refuses the member's own name and the program's", () => {
    const context = contextWords({ names: ['Mary Ellen'], program: 'augustar' })
    expect(isGuessablePassword('Augustar2026!', list, context)).toBe(true)
    expect(isGuessablePassword('Fid3lity!bond', list, contextWords({ program: 'fidbond' }))).toBe(
      true,
    )
    expect(isGuessablePassword('ellen#1977Q', list, context)).toBe(true)
    expect(isGuessablePassword('kR7#vQ2!pLm9@xW4', list, context)).toBe(false)
  })

  it('leaves short words out of the context', () => {
    expect(contextWords({ names: ['Al', 'Bo'], program: 'dtcria' })).not.toContain('al')
  })
})
