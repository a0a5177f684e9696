/** SecureRandom over node:crypto's CSPRNG. */
import { randomBytes, randomInt } from "node:crypto"
import { Effect, Layer } from "effect"
import { SecureRandom } from "../../application/auth/secure-random.ts"

const TOKEN_BYTES = 32
const OTP_CODE_SPACE = 1_000_000
const OTP_DIGITS = 6

export const layer = Layer.succeed(SecureRandom, {
  token: Effect.sync(() => randomBytes(TOKEN_BYTES).toString("base64url")),
  // randomInt draws without modulo bias
  otpCode: Effect.sync(() => String(randomInt(0, OTP_CODE_SPACE)).padStart(OTP_DIGITS, "0"))
})
