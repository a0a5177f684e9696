import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { AppConfigDescriptor, resetUrlBase } from "../../config/app-config.ts"

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
})
