/**
 * The webhook signature against the Standard Webhooks specification: its published example
 * (secret, id, timestamp, payload → signature) and a verifier written from the spec on
 * WebCrypto (not the signing code); secrets that are not `whsec_` + base64 are refused.
 */
import { describe, expect, it } from "@effect/vitest"
import { Redacted } from "effect"
import { parseWebhookSecret, signWebhook, webhookHeaders } from "../../../adapters/webhook/standard-webhooks.ts"
import { verifyStandardWebhook } from "../../support/standard-webhooks-verifier.ts"

const EXAMPLE_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

describe("Standard Webhooks", () => {
  it("signs the specification's example as the specification does", () => {
    const key = parseWebhookSecret(EXAMPLE_SECRET)
    if ("error" in key) throw new Error(key.error)
    expect(signWebhook(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, "{\"test\": 2432232314}"))
      .toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
  })

  it("the headers verify with the specification's algorithm, and not once the body changes", async () => {
    const key = parseWebhookSecret(EXAMPLE_SECRET)
    if ("error" in key) throw new Error(key.error)
    const body = JSON.stringify({ type: "order.placed", data: { orderNumber: "100234", name: "আমার অর্ডার" } })
    const headers = webhookHeaders(Redacted.make(key), "msg_1", new Date(1_700_000_000_123), body)
    expect(headers["webhook-timestamp"]).toBe("1700000000")
    expect(await verifyStandardWebhook(EXAMPLE_SECRET, headers, body)).toBe(true)
    expect(await verifyStandardWebhook(EXAMPLE_SECRET, headers, body.replace("100234", "100235"))).toBe(false)
  })

  it.each(["MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_", "whsec_not base64!", "whsec_c2hvcnQ="])("refuses the secret %j", (secret) => {
    expect(parseWebhookSecret(secret)).toHaveProperty("error")
  })
})
