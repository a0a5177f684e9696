import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { zxcvbnCommonPasswordList } from "../../adapters/security/zxcvbn-common-passwords.ts"
import * as ZxcvbnCommonPasswords from "../../adapters/security/zxcvbn-common-passwords.ts"
import { CommonPasswords } from "../../domain/customer/common-passwords.ts"
import { expectCommonRefused } from "../support/password-policy.ts"

describe("zxcvbn common-password adapter", () => {
  it("the dictionary holds at least the 10,000 most common passwords", () => {
    const list = zxcvbnCommonPasswordList()
    expect(list.length).toBeGreaterThanOrEqual(10_000)
    expect(list.slice(0, 4)).toEqual(["123456", "password", "12345678", "qwerty"])
  })

  it.effect("the layer rejects listed passwords case-insensitively and accepts an unlisted one", () =>
    Effect.gen(function*() {
      const common = yield* CommonPasswords
      expect(common.size).toBeGreaterThanOrEqual(10_000)
      for (const pw of ["password", "PASSWORD", "Password1", "12345678", "QWERTYUIOP", "baseball", "trustno1"]) {
        expect(common.isCommon(pw), pw).toBe(true)
      }
      expect(common.isCommon("vM7#qz-Lp2!oXw")).toBe(false)
      const list = zxcvbnCommonPasswordList()
      // every one of the 10,000 most common entries is rejected, in upper case too
      expect(list.slice(0, 10_000).every((pw) => common.isCommon(pw) && common.isCommon(pw.toUpperCase()))).toBe(true)
    }).pipe(Effect.provide(ZxcvbnCommonPasswords.layer)))

  it.effect("register policy rejects a common 8+ character password through the adapter", () =>
    expectCommonRefused("Football", "ginger-otter-lamp-77").pipe(Effect.provide(ZxcvbnCommonPasswords.layer)))
})
