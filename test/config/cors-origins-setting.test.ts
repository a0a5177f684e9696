/**
 * CORS_ORIGINS is parsed once, when the configuration is read: the settings hold the parsed
 * origins (or the read fails naming the variable), and unset it is the demo's pages on this
 * machine on the embedded database and no origin on PostgreSQL.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { isAllowedOrigin } from "../../adapters/http/request/cors-origins.ts"
import { AppConfigDescriptor, corsOrigins } from "../../config/app-config.ts"

const read = (env: Record<string, string>) => AppConfigDescriptor.parse(ConfigProvider.fromEnvRecord(env))

describe("CORS_ORIGINS", () => {
  it.effect("is read as parsed origins", () =>
    Effect.gen(function*() {
      const settings = yield* read({ CORS_ORIGINS: "https://shop.example.com,https://*.example.org" })
      const origins = corsOrigins(settings)
      expect(origins._tag).toBe("List")
      expect(isAllowedOrigin(origins, "https://shop.example.com")).toBe(true)
      expect(isAllowedOrigin(origins, "https://m.example.org")).toBe(true)
      expect(isAllowedOrigin(origins, "https://evil.example.com")).toBe(false)
    }))

  it.effect("an invalid value fails the read with the reason, naming the variable", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.flip(read({ CORS_ORIGINS: "localhost:3000" }))
      expect(String(failure)).toContain("CORS_ORIGINS")
      expect(String(failure)).toContain("is not an origin")
    }))

  it.effect("unset: this machine's pages on the embedded database, none on PostgreSQL", () =>
    Effect.gen(function*() {
      const embedded = corsOrigins(yield* read({}))
      expect(isAllowedOrigin(embedded, "http://localhost:5173")).toBe(true)
      expect(isAllowedOrigin(embedded, "https://shop.example.com")).toBe(false)
      const postgres = corsOrigins(yield* read({ DATABASE_URL: "postgres://db.example/shop" }))
      expect(postgres._tag).toBe("None")
    }))
})
