/**
 * The sealing of recorded responses (adapters/security/sealed-idempotency-store.ts): a body opens
 * only with the Idempotency-Key and scope it was sealed under; a changed byte, another key or
 * another scope opens nothing; the sealed text shows nothing of the body; two seals of one body
 * differ (a fresh IV each).
 */
import { describe, expect, it } from "@effect/vitest"
import { openBody, sealBody } from "../../adapters/security/sealed-idempotency-store.ts"

const SCOPE = "checkout:pk_a:cart_1"
const KEY = "3f0c9a64-8f0e-4f7b-9a52-5d2b9e2f6c11"
const BODY = "{\"id\":\"ord_1\",\"orderToken\":\"tok_secret_value\",\"name\":\"রহিম\"}"

describe("sealed idempotent responses", () => {
  it("open with the same key and scope, byte for byte", () => {
    const sealed = sealBody(SCOPE, KEY, BODY)
    expect(sealed.startsWith("v1.")).toBe(true)
    expect(sealed).not.toContain("tok_secret_value")
    expect(sealed).not.toContain("ord_1")
    expect(openBody(SCOPE, KEY, sealed)).toBe(BODY)
    expect(sealBody(SCOPE, KEY, BODY)).not.toBe(sealed)
  })

  it("another key, another scope, a changed byte or a plain body open nothing", () => {
    const sealed = sealBody(SCOPE, KEY, BODY)
    expect(openBody(SCOPE, `${KEY}x`, sealed)).toBeNull()
    expect(openBody(`${SCOPE}x`, KEY, sealed)).toBeNull()
    const bytes = Buffer.from(sealed.slice(3), "base64url")
    bytes[20] = bytes[20]! ^ 1
    expect(openBody(SCOPE, KEY, `v1.${bytes.toString("base64url")}`)).toBeNull()
    expect(openBody(SCOPE, KEY, "v1.AAAA")).toBeNull()
    expect(openBody(SCOPE, KEY, BODY)).toBeNull()
  })
})
