// How messages leave the service: email over SMTP (nodemailer), SMS through an HTTP provider
// with a Twilio-compatible form API (POST To, From, Body; basic auth from the URL).
import nodemailer from 'nodemailer'
import { emailHtml } from './email-html.ts'

export interface Outgoing {
  to: string
  subject: string | null
  text: string
  /**
   * The same on every try of one message (outbox.ts deliveryKey): the SMS call's
   * Idempotency-Key, the email's Message-ID.
   */
  key?: string
  /** Aborted when the worker stops waiting (its send deadline). */
  signal?: AbortSignal
}

export interface Transport {
  send(message: Outgoing): Promise<void>
  /** Whether the far end answers now (readiness, start-up warnings). */
  verify?(): Promise<void>
  close?(): void
}

export interface SmtpOptions {
  /** Keep connections open and reuse them (default): one handshake per connection, not per message. */
  pool?: boolean
  /** Connections open at once, and messages sent on one before it is renewed. */
  maxConnections?: number
  maxMessages?: number
}

export function smtpTransport(smtpUrl: string, from: string, options: SmtpOptions = {}): Transport {
  const pooled = options.pool ?? true
  const mailDomain = /@([^>\s]+)/.exec(from)?.[1] ?? 'portal.invalid'
  // Every wait bounded: connecting, the greeting, and any silence mid-message.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 }
  const transporter = pooled
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: options.maxConnections ?? 3,
        maxMessages: options.maxMessages ?? 100,
        // The outbox owns the retries: a message whose connection drops (a server that hung,
        // then went) fails, and is not sent again by the pool after the worker gave up on it.
        maxRequeues: 0,
        ...timeouts,
      })
    : nodemailer.createTransport({ url: smtpUrl, ...timeouts })
  return {
    async send({ to, subject, text, key }) {
      await transporter.sendMail({
        from,
        to,
        subject: subject ?? '',
        text,
        // Issue 27: the same words as HTML, the temporary password in large type.
        html: emailHtml(text),
        ...(key ? { messageId: `<${key}@${mailDomain}>` } : {}),
      })
    },
    async verify() {
      await transporter.verify()
    },
    close() {
      transporter.close()
    },
  }
}

/** US numbers are stored as ten digits; providers want E.164. */
export function toE164(phone: string, dialPrefix = '1'): string {
  return `+${dialPrefix}${phone.replace(/\D/g, '')}`
}

export function httpSmsTransport(providerUrl: string, from: string): Transport {
  const url = new URL(providerUrl)
  const auth =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined
  url.username = ''
  url.password = ''
  return {
    async send({ to, text, key, signal }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth ? { authorization: auth } : {}),
          // The same on every try of one message: a provider that got it before sends it once.
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: new URLSearchParams({ To: to, From: from, Body: text }),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(10_000)])
          : AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`)
    },
  }
}
