// Which failures are a dependency away (503, counted per dependency) and which are ours (500).
import { describe, expect, it } from 'vitest'
import { ServiceUnavailable, unavailableDependency } from './unavailable.ts'

const coded = (message: string, code: string) => Object.assign(new Error(message), { code })
/** What Drizzle throws around the driver's error. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select "id" from "users"'), { cause })

describe('unavailableDependency', () => {
  it.each([
    ['connection refused', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'admin shutdown (57P01)',
      coded('terminating connection due to administrator command', '57P01'),
    ],
    ['cannot connect now (57P03)', coded('the database system is starting up', '57P03')],
    ['connection failure (08006)', coded('connection failure', '08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['too many connections (53300)', coded('sorry, too many clients already', '53300')],
  ])('%s is the database, also wrapped by Drizzle', (_name, error) => {
    expect(unavailableDependency(error)).toBe('database')
    expect(unavailableDependency(wrapped(error))).toBe('database')
  })

  it.each([
    [
      'no offline queue',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['a closed connection', new Error('Connection is closed.')],
    [
      'retries spent',
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
  ])('%s is Redis', (_name, error) => {
    expect(unavailableDependency(error)).toBe('redis')
  })

  it('takes the dependency a ServiceUnavailable names', () => {
    expect(unavailableDependency(new ServiceUnavailable(1, 'busy', 'password_hashing'))).toBe(
      'password_hashing',
    )
  })

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint (23505)', coded('duplicate key value violates unique constraint', '23505')],
    ['a syntax error (42601)', wrapped(coded('syntax error at or near "selec"', '42601'))],
    ['not an error', 'connection refused'],
  ])('%s is ours: no dependency (a 500)', (_name, error) => {
    expect(unavailableDependency(error)).toBeUndefined()
  })
})
