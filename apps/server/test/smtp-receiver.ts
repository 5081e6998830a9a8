// A real SMTP server on loopback that keeps what it receives: one entry per recipient.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string
  /** The whole message as sent: headers and body. */
  data: string
}

/**
 * Listens on `port` (0: any free one). Pass the `received` of an earlier receiver to carry on
 * its list, as when a test stops the server and starts it again on the same port.
 */
export async function smtpReceiver(options: { port?: number; received?: ReceivedMail[] } = {}) {
  const received = options.received ?? []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The service keeps its SMTP connections open (a pool): close drops them soon, as a mail
    // server going away would, instead of waiting 30 s for the client to leave.
    closeTimeout: 100,
    onData(stream, session, done) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, data })
        done()
      })
    },
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () =>
      resolve((server.server.address() as AddressInfo).port),
    ),
  )
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
