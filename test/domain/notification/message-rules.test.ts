/**
 * The pure rules of messages: the language from Accept-Language, the retry backoff (exponential,
 * jittered, capped, then a dead letter), and the words of each purpose in English and Bangla.
 */
import { describe, expect, it } from "@effect/vitest"
import { localeFromAcceptLanguage } from "../../../domain/notification/message-locale.ts"
import { renderEmail, renderSms } from "../../../domain/notification/message-templates.ts"
import type { OutboundMessage } from "../../../domain/notification/outbound-message.ts"
import { afterFailure, retryDelayMillis, type RetryPolicy } from "../../../domain/notification/retry-policy.ts"
import { seededRandom } from "../../support/seeded-random.ts"
import { minor } from "../../support/units.ts"

describe("message locale", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["bn", "bn"],
    ["bn-BD,bn;q=0.9,en;q=0.8", "bn"],
    ["en-US,en;q=0.9,bn;q=0.8", "en"],
    ["fr-FR, bn;q=0.5", "bn"],
    ["de, fr", "en"],
    ["en;q=0.2, bn;q=0.7", "bn"],
    ["bn;q=0, en;q=0.1", "en"],
    ["BN-bd", "bn"],
    ["bn;q=abc", "en"]
  ] as const)("%j → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale)
  })
})

describe("retry policy", () => {
  const policy: RetryPolicy = { maxAttempts: 5, firstDelayMillis: 1_000, maxDelayMillis: 8_000 }

  it("doubles from the first delay, capped, with half of it jittered", () => {
    expect([1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMillis(policy, attempt, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000])
    expect([1, 2, 3, 4].map((attempt) => retryDelayMillis(policy, attempt, 0))).toEqual([500, 1_000, 2_000, 4_000])
  })

  it("any jitter keeps each delay within [half, whole] of the exact one, and never beyond the cap", () => {
    const random = seededRandom(19)
    for (let run = 0; run < 2_000; run++) {
      const attempt = 1 + Math.floor(random() * 40)
      const exact = Math.min(policy.maxDelayMillis, policy.firstDelayMillis * 2 ** (attempt - 1))
      const delay = retryDelayMillis(policy, attempt, random())
      expect(delay).toBeGreaterThanOrEqual(exact / 2)
      expect(delay).toBeLessThanOrEqual(exact)
    }
  })

  it("retries until the attempts are spent; a permanent failure is a dead letter at once", () => {
    expect(afterFailure(policy, 1, false, 0.5)._tag).toBe("Retry")
    expect(afterFailure(policy, 4, false, 0.5)._tag).toBe("Retry")
    expect(afterFailure(policy, 5, false, 0.5)._tag).toBe("DeadLetter")
    expect(afterFailure(policy, 1, true, 0.5)._tag).toBe("DeadLetter")
  })
})

describe("message templates", () => {
  const code = (purpose: OutboundMessage["purpose"], locale: OutboundMessage["locale"]): OutboundMessage =>
    ({ id: "1", channel: "email", to: "a@example.com", purpose, locale, code: "123456" })
  const order: OutboundMessage = {
    id: "2",
    channel: "email",
    to: "a@example.com",
    purpose: "order_confirmation",
    locale: "en",
    order: {
      orderNumber: "100234",
      lines: [{ name: "Tea <Green>", quantity: 2, lineTotal: minor(50_000) }, { name: "Mug", quantity: 1, lineTotal: minor(125_050) }],
      total: minor(180_050),
      paymentMethod: "cod"
    }
  }

  it("every code purpose has a subject, a text and an HTML body with the code, in both languages", () => {
    for (const purpose of ["login", "verify_email", "verify_phone", "reset_password"] as const) {
      for (const locale of ["en", "bn"] as const) {
        const email = renderEmail(code(purpose, locale))
        expect(email.subject).not.toBe("")
        expect(email.text).toContain("123456")
        expect(email.html).toContain("123456")
        expect(email.html).toContain(`lang="${locale}"`)
        expect(renderSms({ ...code(purpose, locale), channel: "sms" })).toContain("123456")
      }
    }
    expect(renderEmail(code("verify_email", "bn")).subject).toBe("আপনার ইমেইল ঠিকানা নিশ্চিত করুন")
  })

  it("a reset link is in the text and the HTML, escaped there", () => {
    const link = "https://shop.example.com/reset?a=1&token=abc"
    const email = renderEmail({ id: "3", channel: "email", to: "a@example.com", purpose: "reset_password", locale: "en", link })
    expect(email.text).toContain(link)
    expect(email.html).toContain("https://shop.example.com/reset?a=1&amp;token=abc")
  })

  it("an order confirmation carries the number, the lines, the total and the payment method", () => {
    const email = renderEmail(order)
    expect(email.subject).toBe("Order 100234 is placed")
    expect(email.text).toContain("2 × Tea <Green>: ৳500.00")
    expect(email.text).toContain("1 × Mug: ৳1,250.50")
    expect(email.text).toContain("Total: ৳1,800.50")
    expect(email.text).toContain("Cash on delivery")
    expect(email.html).toContain("Tea &lt;Green&gt;")
    expect(renderSms({ ...order, channel: "sms", locale: "bn" })).toBe(
      "আপনার অর্ডার 100234 এর জন্য ধন্যবাদ। 3টি পণ্য, মোট ৳1,800.50, ক্যাশ অন ডেলিভারি।"
    )
  })
})

describe("parcel messages", () => {
  const parcel = { orderNumber: "100234", courierName: "Steadfast", trackingUrl: "https://steadfast.com.bd/t/SF1A2B" }
  const message = (purpose: "parcel_booked" | "parcel_delivered", locale: "en" | "bn"): OutboundMessage =>
    ({ id: "1-x", channel: "sms", to: "01711000000", purpose, locale, parcel })

  it("booked: the order, the courier and its tracking link, in English and Bangla; delivered: the order", () => {
    expect(renderSms(message("parcel_booked", "en"))).toBe("Your order 100234 is booked with Steadfast. Track it: https://steadfast.com.bd/t/SF1A2B")
    expect(renderSms(message("parcel_booked", "bn"))).toContain("https://steadfast.com.bd/t/SF1A2B")
    expect(renderSms(message("parcel_booked", "bn"))).toContain("100234")
    expect(renderSms(message("parcel_delivered", "en"))).toBe("Your order 100234 has been delivered. Thank you!")
    expect(renderSms(message("parcel_delivered", "bn"))).toContain("ডেলিভারি")
    expect(renderEmail(message("parcel_delivered", "en")).text).toContain("100234")
  })
})
