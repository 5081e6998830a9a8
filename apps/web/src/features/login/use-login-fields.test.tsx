// The login form's fields on a page the service rendered (decision 0026): what the member typed
// before the page was hydrated is what the form submits, not the fields' defaults.
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useLoginFields } from './use-login-fields.ts'

const passAll = async (values: Record<string, string>) => ({ values, errors: {} })

function Form({ onValid }: { onValid: (values: Record<string, string>) => void }) {
  const { register, handleSubmit } = useLoginFields(passAll, { username: '', password: '' })
  return (
    <form onSubmit={handleSubmit(onValid, () => undefined)}>
      <input aria-label="username" {...register('username')} />
      <input aria-label="password" type="password" {...register('password')} />
      <button type="submit">Login</button>
    </form>
  )
}

describe('a login form hydrated after the member typed', () => {
  it('submits what was typed before hydration', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Form onValid={() => undefined} />)
    const [username, password] = [...container.querySelectorAll('input')]
    if (!username || !password) throw new Error('the rendered form has no fields')
    username.value = 'bclip_demo'
    password.value = 'typed before the script'

    const onValid = vi.fn()
    await act(async () => {
      hydrateRoot(container, <Form onValid={onValid} />)
    })
    expect(username.value).toBe('bclip_demo')
    await act(async () => {
      container.querySelector('form')?.requestSubmit()
    })
    expect(onValid).toHaveBeenCalledWith({
      username: 'bclip_demo',
      password: 'typed before the script',
    })
    container.remove()
  })
})
