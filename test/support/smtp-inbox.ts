/**
 * A real SMTP server for tests (the smtp-server package, nodemailer's own), on a free loopback
 * port: it accepts every message (with a login, when `auth` is given) and keeps each one parsed
 * by mailparser, so a test reads the subject, the text and the HTML as a mail client would.
 * Stalled, it takes connections but never greets them: a client's message stays in flight (no
 * greeting, no accept) until the inbox is released or the client goes away.
 */
import type { AddressInfo } from "node:net"
import { type ParsedMail, simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly messageId: string
  /** When its DATA ended (epoch milliseconds). */
  readonly receivedAt: number
}

export interface SmtpInbox {
  /** `smtp://[user:pass@]127.0.0.1:<port>` */
  readonly url: string
  readonly mails: () => ReadonlyArray<ReceivedMail>
  /** Connections clients opened so far. */
  readonly connections: () => number
  /** Stalled: connections opened from now on wait for a greeting that does not come; released: served as usual. */
  readonly stall: (stalled: boolean) => void
  /** Resolves with the first mail to `to` matching `accept` (polling), or rejects after `timeoutMillis`. */
  readonly waitFor: (to: string, accept?: (mail: ReceivedMail) => boolean, timeoutMillis?: number) => Promise<ReceivedMail>
  readonly close: () => Promise<void>
}

const addressesOf = (parsed: ParsedMail): string => {
  const to = parsed.to
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to]
  return list.flatMap((address) => address.value.map((entry) => entry.address ?? "")).join(",")
}

export const startSmtpInbox = async (options: {
  readonly auth?: { readonly user: string; readonly pass: string }
  readonly stalled?: boolean
} = {}): Promise<SmtpInbox> => {
  const mails: Array<ReceivedMail> = []
  let stalled = options.stalled === true
  let connections = 0
  const server = new SMTPServer({
    // no TLS here: STARTTLS needs a certificate the client trusts
    disabledCommands: options.auth === undefined ? ["AUTH", "STARTTLS"] : ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: options.auth === undefined,
    logger: false,
    onConnect: (_session, callback) => {
      connections += 1
      // stalled: no callback, so no greeting; the client's message stays in flight
      if (!stalled) callback()
    },
    onAuth: (auth, _session, callback) => {
      if (options.auth !== undefined && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username })
      } else callback(new Error("Invalid username or password"))
    },
    onData: (stream, _session, callback) => {
      // the end of DATA: the whole message is here (parsing it comes after)
      let receivedAt = Date.now()
      stream.on("end", () => (receivedAt = Date.now()))
      simpleParser(stream).then((parsed) => {
        mails.push({
          to: addressesOf(parsed),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          messageId: parsed.messageId ?? "",
          receivedAt
        })
        callback()
      }, (error: Error) => callback(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.server.address() as AddressInfo).port
  const credentials = options.auth === undefined ? "" : `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    mails: () => mails,
    connections: () => connections,
    stall: (on) => {
      stalled = on
    },
    waitFor: async (to, accept = () => true, timeoutMillis = 15_000) => {
      const deadline = Date.now() + timeoutMillis
      while (Date.now() < deadline) {
        const found = mails.find((mail) => mail.to.toLowerCase() === to.toLowerCase() && accept(mail))
        if (found !== undefined) return found
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`no mail to ${to} within ${timeoutMillis} ms (received: ${mails.map((mail) => `${mail.to}: ${mail.subject}`).join("; ")})`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
