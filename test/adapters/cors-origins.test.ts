/** CORS_ORIGINS: which values are accepted, and which request origins each entry allows. */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { type CorsOrigins, isAllowedOrigin, parseCorsOrigins } from "../../adapters/http/request/cors-origins.ts"

const originsOf = (value: string): CorsOrigins => {
  const parsed = parseCorsOrigins(value)
  if ("error" in parsed) throw new Error(parsed.error)
  return parsed.origins
}

const Port = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 65535 }))

describe("CORS_ORIGINS", () => {
  it.prop("http://localhost:* allows a page on localhost at any port, over http only", [Port], ([port]) => {
    const origins = originsOf("http://localhost:*")
    expect(isAllowedOrigin(origins, `http://localhost:${port}`)).toBe(true)
    expect(isAllowedOrigin(origins, `https://localhost:${port}`)).toBe(false)
    expect(isAllowedOrigin(origins, `http://localhost.evil.example:${port}`)).toBe(false)
    expect(isAllowedOrigin(origins, `http://127.0.0.1:${port}`)).toBe(false)
  })

  it.prop("an exact origin allows exactly that origin", [Port, Port], ([port, other]) => {
    const origins = originsOf(`https://shop.example.com:${port}`)
    expect(isAllowedOrigin(origins, `https://shop.example.com:${port}`)).toBe(true)
    expect(isAllowedOrigin(origins, `https://shop.example.com:${other}`)).toBe(port === other)
  })

  it("matches whole origins only: no prefixes, suffixes, other schemes or look-alikes", () => {
    const origins = originsOf(" https://shop.example.com , https://*.brand.example ,http://localhost:* ")
    expect(origins._tag).toBe("List")
    for (const allowed of ["https://shop.example.com", "https://www.brand.example", "https://m-1.brand.example", "http://localhost", "http://localhost:5173"]) {
      expect(isAllowedOrigin(origins, allowed), allowed).toBe(true)
    }
    for (const refused of [
      "http://shop.example.com",
      "https://shop.example.com.evil.net",
      "https://evilshop.example.com",
      "https://shop.example.com:8443",
      "https://brand.example",
      "https://a.b.brand.example",
      "https://xbrand.example",
      "http://localhost:99999x",
      "null",
      ""
    ]) {
      expect(isAllowedOrigin(origins, refused), refused).toBe(false)
    }
  })

  it("* alone allows every origin; empty allows none", () => {
    const any = originsOf("*")
    expect(any._tag).toBe("Any")
    expect(isAllowedOrigin(any, "https://anything.example")).toBe(true)
    const none = originsOf(" , ")
    expect(none._tag).toBe("None")
    expect(isAllowedOrigin(none, "http://localhost:3000")).toBe(false)
  })

  it("refuses values that are not origins, naming the entry", () => {
    for (const [value, named] of [
      ["localhost:3000", "localhost:3000"],
      ["http://localhost:3000/", "http://localhost:3000/"],
      ["https://shop.example.com/path", "https://shop.example.com/path"],
      ["ftp://files.example.com", "ftp://files.example.com"],
      ["http://", "http://"],
      ["http://Shop.Example.com", "http://Shop.Example.com"],
      ["http://localhost:0", "http://localhost:0"],
      ["http://localhost:70000", "http://localhost:70000"],
      ["https://sh*p.example.com", "https://sh*p.example.com"],
      ["http://localhost:3000,*", "*"]
    ] as const) {
      const parsed = parseCorsOrigins(value)
      expect("error" in parsed, value).toBe(true)
      expect((parsed as { error: string }).error).toContain(named)
    }
  })
})
