// Email throughput: the service's SMTP transport (nodemailer pool) against one connection per
// message (what it did before issue 31), the same messages sent one after another as the
// outbox worker sends them, to the same local SMTP receiver on 127.0.0.1, in the same run.
import { smtpTransport, type Transport } from '../src/delivery/transports.ts'
import { smtpReceiver } from '../test/smtp-receiver.ts'

const messages = Number(process.env.BENCH_EMAILS ?? 200)

async function rate(transport: Transport, count: number, tag: string): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    await transport.send({
      to: `member${i}@example.com`,
      subject: 'Your verification code',
      text: `${tag} ${i}: your verification code is: 123456`,
    })
  }
  return count / ((performance.now() - start) / 1000)
}

export async function emailThroughput(): Promise<void> {
  const receiver = await smtpReceiver()
  const from = 'Program Portal <no-reply@portal.example>'
  const single = smtpTransport(receiver.url, from, { pool: false })
  const pooled = smtpTransport(receiver.url, from)
  try {
    // Warm both (DNS, the first connection), then alternate so neither gets the quieter half.
    await rate(single, 5, 'warm')
    await rate(pooled, 5, 'warm')
    const half = Math.max(1, Math.floor(messages / 2))
    const singleRates = [await rate(single, half, 'single'), 0]
    const pooledRates = [await rate(pooled, half, 'pooled'), 0]
    singleRates[1] = await rate(single, half, 'single')
    pooledRates[1] = await rate(pooled, half, 'pooled')
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    const before = mean(singleRates)
    const after = mean(pooledRates)
    console.log(`\nEmail throughput (${2 * half} messages each, sent in turn, SMTP on 127.0.0.1)`)
    console.log(`  baseline one connection per message  ${before.toFixed(1)} emails/s`)
    console.log(
      `  pooled transport (the service's)     ${after.toFixed(1)} emails/s   ${(after / before).toFixed(1)}x the baseline`,
    )
    const expected = 4 * half + 10
    if (receiver.received.length !== expected) {
      throw new Error(`the receiver got ${receiver.received.length} of ${expected} messages`)
    }
  } finally {
    single.close?.()
    pooled.close?.()
    await receiver.close()
  }
}
