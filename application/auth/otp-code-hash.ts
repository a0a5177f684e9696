/**
 * OTP codes are hashed together with their verification id, so a stored hash only ever matches
 * a code presented for that same verification.
 */
import type { TokenHasher } from "../../domain/auth/token-hasher.ts"
import type { VerificationId } from "../../domain/shared/ids.ts"

export const hashOtpCode = (hasher: TokenHasher["Service"], verificationId: VerificationId, code: string) =>
  hasher.hash(`${verificationId}:${code}`)
