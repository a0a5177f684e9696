import { describe, expect, it } from "@effect/vitest"

describe("toolchain", () => {
  it("runs on the pinned Node 24 LTS from devDependencies", () => {
    expect(process.version).toMatch(/^v24\./)
  })
})
