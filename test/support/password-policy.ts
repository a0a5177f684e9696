/** The new-password policy as register and reset-password apply it, over a CommonPasswords port. */
import { expect } from "@effect/vitest"
import { Effect, Result } from "effect"
import { CommonPasswords } from "../../domain/customer/common-passwords.ts"
import { checkNewPassword } from "../../domain/customer/password.ts"

/** Through the port in context: `common` is refused as too weak (common), `fine` is accepted as it is. */
export const expectCommonRefused = (common: string, fine: string) =>
  Effect.map(Effect.service(CommonPasswords), (port) => {
    const weak = Result.getOrThrow(Result.flip(checkNewPassword(common, port.isCommon)))
    expect(weak._tag).toBe("PasswordTooWeak")
    expect(weak.reason).toBe("common")
    expect(Result.getOrThrow(checkNewPassword(fine, port.isCommon))).toBe(fine)
  })
