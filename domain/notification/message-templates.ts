/**
 * The words of every message, in English and Bangla: an email's subject, plain text and HTML
 * body, and an SMS's text (Unicode; gateways send Bangla as UCS-2). Pure: the code, link or
 * order comes with the message.
 */
import { MINOR_PER_MAJOR } from "../shared/money.ts"
import type { MessageLocale } from "./message-locale.ts"
import type { OrderConfirmation, OutboundMessage, ParcelNotice } from "./outbound-message.ts"

export interface RenderedEmail {
  readonly subject: string
  readonly text: string
  readonly html: string
}

interface Words {
  readonly codeSubject: Record<"login" | "reset_password" | "verify_email" | "verify_phone", string>
  readonly codeIs: string
  readonly codeExpires: string
  readonly resetSubject: string
  readonly resetIntro: string
  readonly resetIgnore: string
  readonly orderSubject: (orderNumber: string) => string
  readonly orderIntro: (orderNumber: string) => string
  readonly total: string
  readonly payment: Record<"cod" | "prepaid", string>
  readonly thanks: string
  readonly parcelBooked: (parcel: ParcelNotice) => string
  readonly parcelDelivered: (parcel: ParcelNotice) => string
  /** The full stop: "." or the dari "।". */
  readonly stop: string
}

const WORDS: Record<MessageLocale, Words> = {
  en: {
    codeSubject: {
      login: "Your sign-in code",
      reset_password: "Your password reset code",
      verify_email: "Confirm your email address",
      verify_phone: "Confirm your phone number"
    },
    codeIs: "Your code is",
    codeExpires: "It expires in a few minutes. If you did not ask for it, ignore this message.",
    resetSubject: "Reset your password",
    resetIntro: "Open this link to choose a new password:",
    resetIgnore: "If you did not ask to reset your password, ignore this message.",
    orderSubject: (n) => `Order ${n} is placed`,
    orderIntro: (n) => `Thank you for your order ${n}.`,
    parcelBooked: (p) => `Your order ${p.orderNumber} is booked with ${p.courierName}. Track it: ${p.trackingUrl}`,
    parcelDelivered: (p) => `Your order ${p.orderNumber} has been delivered. Thank you!`,
    total: "Total",
    payment: { cod: "Cash on delivery", prepaid: "Paid online" },
    thanks: "We will let you know when it ships.",
    stop: "."
  },
  bn: {
    codeSubject: {
      login: "আপনার সাইন-ইন কোড",
      reset_password: "আপনার পাসওয়ার্ড রিসেট কোড",
      verify_email: "আপনার ইমেইল ঠিকানা নিশ্চিত করুন",
      verify_phone: "আপনার ফোন নম্বর নিশ্চিত করুন"
    },
    codeIs: "আপনার কোড",
    codeExpires: "কোডটি কয়েক মিনিটের মধ্যে মেয়াদোত্তীর্ণ হবে। আপনি না চাইলে এই বার্তাটি উপেক্ষা করুন।",
    resetSubject: "আপনার পাসওয়ার্ড রিসেট করুন",
    resetIntro: "নতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন:",
    resetIgnore: "আপনি পাসওয়ার্ড রিসেট করতে না চাইলে এই বার্তাটি উপেক্ষা করুন।",
    orderSubject: (n) => `অর্ডার ${n} গ্রহণ করা হয়েছে`,
    orderIntro: (n) => `আপনার অর্ডার ${n} এর জন্য ধন্যবাদ।`,
    parcelBooked: (p) => `আপনার অর্ডার ${p.orderNumber} ${p.courierName}-এ বুক করা হয়েছে। ট্র্যাক করুন: ${p.trackingUrl}`,
    parcelDelivered: (p) => `আপনার অর্ডার ${p.orderNumber} ডেলিভারি হয়েছে। ধন্যবাদ!`,
    total: "মোট",
    payment: { cod: "ক্যাশ অন ডেলিভারি", prepaid: "অনলাইনে পরিশোধিত" },
    thanks: "পাঠানো হলে আমরা আপনাকে জানাব।",
    stop: "।"
  }
}

/** An amount in minor units as taka: `৳1,250.50`. */
export const formatTaka = (minor: number): string =>
  `৳${(minor / MINOR_PER_MAJOR).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

const page = (locale: MessageLocale, body: string): string =>
  `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head><body>${body}</body></html>`

/** A code's purpose (the others carry no code). */
const codePurpose = (purpose: OutboundMessage["purpose"]) =>
  purpose === "order_confirmation" || purpose === "parcel_booked" || purpose === "parcel_delivered" ? "login" : purpose

/** A parcel message's text. */
const parcelText = (words: Words, message: OutboundMessage & { readonly parcel: ParcelNotice }) =>
  message.purpose === "parcel_delivered" ? words.parcelDelivered(message.parcel) : words.parcelBooked(message.parcel)

const codeEmail = (words: Words, message: OutboundMessage, code: string): RenderedEmail => {
  const subject = words.codeSubject[codePurpose(message.purpose)]
  return {
    subject,
    text: `${words.codeIs}: ${code}\n\n${words.codeExpires}\n`,
    html: page(message.locale, `<p>${escapeHtml(words.codeIs)}:</p><p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(code)}</strong></p><p>${escapeHtml(words.codeExpires)}</p>`)
  }
}

const resetEmail = (words: Words, locale: MessageLocale, link: string): RenderedEmail => ({
  subject: words.resetSubject,
  text: `${words.resetIntro}\n${link}\n\n${words.resetIgnore}\n`,
  html: page(locale, `<p>${escapeHtml(words.resetIntro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(words.resetIgnore)}</p>`)
})

const orderEmail = (words: Words, locale: MessageLocale, order: OrderConfirmation): RenderedEmail => {
  const lines = order.lines.map((line) => `${line.quantity} × ${line.name}: ${formatTaka(line.lineTotal)}`)
  const rows = order.lines.map((line) =>
    `<tr><td>${line.quantity} ×</td><td>${escapeHtml(line.name)}</td><td style="text-align:right">${formatTaka(line.lineTotal)}</td></tr>`
  ).join("")
  const payment = words.payment[order.paymentMethod]
  return {
    subject: words.orderSubject(order.orderNumber),
    text: `${words.orderIntro(order.orderNumber)}\n\n${lines.join("\n")}\n\n${words.total}: ${formatTaka(order.total)}\n${payment}\n\n${words.thanks}\n`,
    html: page(
      locale,
      `<p>${escapeHtml(words.orderIntro(order.orderNumber))}</p><table>${rows}<tr><td></td><td><strong>${escapeHtml(words.total)}</strong></td><td style="text-align:right"><strong>${formatTaka(order.total)}</strong></td></tr></table><p>${escapeHtml(payment)}</p><p>${escapeHtml(words.thanks)}</p>`
    )
  }
}

/** The email of a message. */
export const renderEmail = (message: OutboundMessage): RenderedEmail => {
  const words = WORDS[message.locale]
  if (message.order !== undefined) return orderEmail(words, message.locale, message.order)
  if (message.parcel !== undefined) {
    const text = parcelText(words, { ...message, parcel: message.parcel })
    return { subject: text, text: `${text}\n`, html: page(message.locale, `<p>${escapeHtml(text)}</p>`) }
  }
  if (message.link !== undefined) return resetEmail(words, message.locale, message.link)
  return codeEmail(words, message, message.code ?? "")
}

/** The SMS text of a message: short, one part when it can be. */
export const renderSms = (message: OutboundMessage): string => {
  const words = WORDS[message.locale]
  const order = message.order
  if (order !== undefined) {
    const items = order.lines.reduce((sum, line) => sum + line.quantity, 0)
    const itemsWord = message.locale === "bn" ? `${items}টি পণ্য` : `${items} item${items === 1 ? "" : "s"}`
    return `${words.orderIntro(order.orderNumber)} ${itemsWord}, ${words.total} ${formatTaka(order.total)}, ${words.payment[order.paymentMethod]}${words.stop}`
  }
  if (message.parcel !== undefined) return parcelText(words, { ...message, parcel: message.parcel })
  if (message.link !== undefined) return `${words.resetIntro} ${message.link}`
  return `${words.codeSubject[codePurpose(message.purpose)]}: ${message.code ?? ""}`
}
