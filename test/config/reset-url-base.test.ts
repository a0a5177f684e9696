import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { AppConfigDescriptor, resetLinkWarning, resetUrlBase } from "../../config/app-config.ts"

const settingsFrom = (env: Record<string, string>) =>
  Effect.runSync(AppConfigDescriptor.parse(ConfigProvider.fromEnv({ env })))

describe("reset links", () => {
  it("point at this service's reset page: http://localhost:<PORT> by default, PUBLIC_URL when set", () => {
    expect(resetUrlBase(settingsFrom({}))).toBe("http://localhost:3000/reset-password")
    expect(resetUrlBase(settingsFrom({ PORT: "4123" }))).toBe("http://localhost:4123/reset-password")
    expect(resetUrlBase(settingsFrom({ PORT: "4123", PUBLIC_URL: "https://api.shop.example/" }))).toBe("https://api.shop.example/reset-password")
  })

  it("RESET_URL_BASE wins when set", () => {
    expect(resetUrlBase(settingsFrom({ PORT: "4123", PUBLIC_URL: "https://api.shop.example", RESET_URL_BASE: "https://shop.example/account/reset" })))
      .toBe("https://shop.example/account/reset")
  })

  it("on PostgreSQL without RESET_URL_BASE, where no reset page is served, the service warns that its links lead nowhere", () => {
    const postgres = { DATABASE_URL: "postgres://shop@127.0.0.1:5432/shop", PORT: "4123" }
    expect(resetLinkWarning(settingsFrom(postgres))).toBe(
      "reset links point at http://localhost:4123/reset-password, a page this service serves only with the demo shop " +
        "(embedded database): set RESET_URL_BASE to the shop's reset-password page"
    )
    expect(resetLinkWarning(settingsFrom({ ...postgres, PUBLIC_URL: "https://api.shop.example" }))).toMatch(/^reset links point at https:\/\/api\.shop\.example\/reset-password,/)
    expect(resetLinkWarning(settingsFrom({ ...postgres, RESET_URL_BASE: "https://shop.example/account/reset" }))).toBeUndefined()
    // the embedded demo serves the page the default link names
    expect(resetLinkWarning(settingsFrom({ PORT: "4123" }))).toBeUndefined()
  })
})
