/** The client IP the rate limits count against (TRUST_PROXY hops over X-Forwarded-For). */
import { describe, expect, it } from "@effect/vitest"
import { resolveClientIp } from "../../adapters/http/request/client-ip.ts"

describe("client IP", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("203.0.113.9", undefined, 0)).toBe("203.0.113.9")
    expect(resolveClientIp("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9")
  })

  it("with n trusted hops, is the n-th X-Forwarded-For entry from the right (what the outermost proxy saw)", () => {
    expect(resolveClientIp("10.0.0.1", "198.51.100.7", 1)).toBe("198.51.100.7")
    // a client-forged entry on the left does not help
    expect(resolveClientIp("10.0.0.1", "1.1.1.1, 198.51.100.7", 1)).toBe("198.51.100.7")
    expect(resolveClientIp("10.0.0.2", "1.1.1.1, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7")
    // fewer entries than hops: the leftmost one
    expect(resolveClientIp("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7")
  })

  it("falls back to the socket without a header, and reads IPv4-mapped IPv6 as IPv4", () => {
    expect(resolveClientIp("10.0.0.1", undefined, 1)).toBe("10.0.0.1")
    expect(resolveClientIp("10.0.0.1", " , ", 1)).toBe("10.0.0.1")
    expect(resolveClientIp("::ffff:127.0.0.1", undefined, 0)).toBe("127.0.0.1")
    expect(resolveClientIp("::1", undefined, 0)).toBe("::1")
    expect(resolveClientIp(undefined, undefined, 0)).toBe("unknown")
  })
})
