/**
 * OTP codes are hashed together with their verification id, so a stored hash only ever matches
 * a code presented for that same verification.
 */
import { Effect } from "effect"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"

export const hashOtpCode = (verificationId: string, code: string) =>
  Effect.flatMap(TokenHasher, (hasher) => hasher.hash(`${verificationId}:${code}`))
