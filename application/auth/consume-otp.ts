/**
 * Checks a presented code against a verification inside the caller's unit of work (the
 * verification is locked, so attempts are counted exactly): a wrong code costs an attempt
 * (persisted), the right one consumes the verification (persisted). The caller commits and then
 * answers InvalidOtp for a wrong code: the lost attempt must survive the error.
 */
import { Effect, Option } from "effect"
import { InvalidOtp } from "../../domain/auth/errors/invalid-otp.ts"
import { VerificationNotFound } from "../../domain/auth/errors/verification-not-found.ts"
import { type Verification, type VerificationPurpose, verifyOtp } from "../../domain/auth/verification.ts"
import { currentTime } from "./current-time.ts"
import { hashOtpCode } from "./otp-code-hash.ts"
import type { AccountPorts } from "./account-ports.ts"
import type { VerificationId } from "../../domain/shared/ids.ts"

export type CodeCheck =
  | { readonly _tag: "Verified"; readonly verification: Verification }
  | { readonly _tag: "WrongCode"; readonly error: InvalidOtp }

export interface PresentedCode {
  readonly verificationId: VerificationId
  readonly code: string
}

export const checkOtpCode = (
  ports: AccountPorts,
  presented: PresentedCode,
  expectedPurpose: ReadonlyArray<VerificationPurpose>,
  /** A further condition on the verification (e.g. its owner); false answers VerificationNotFound untouched. */
  accept: (verification: Verification) => boolean = () => true
) =>
  Effect.gen(function*() {
    const verifications = ports.verifications
    const now = yield* currentTime
    const presentedCodeHash = yield* hashOtpCode(ports.tokenHasher, presented.verificationId, presented.code)
    const found = yield* verifications.findByIdForUpdate(presented.verificationId)
    if (Option.isSome(found) && !accept(found.value)) return yield* new VerificationNotFound()
    const outcome = verifyOtp(Option.getOrUndefined(found), { presentedCodeHash, now, expectedPurpose })
    if (outcome._tag === "NotFound") return yield* outcome.error
    yield* verifications.update(outcome.verification)
    return outcome._tag === "Verified"
      ? { _tag: "Verified", verification: outcome.verification } satisfies CodeCheck
      : { _tag: "WrongCode", error: outcome.error } satisfies CodeCheck
  })

/** What a unit of work that checked a code returns: its value, or the wrong code to answer once committed. */
export type AfterCodeCheck<A> =
  | { readonly _tag: "Done"; readonly value: A }
  | { readonly _tag: "WrongCode"; readonly error: InvalidOtp }

export const done = <A>(value: A): AfterCodeCheck<A> => ({ _tag: "Done", value })

/** The value, or the InvalidOtp of a wrong code (call after the unit of work has committed). */
export const settleCodeCheck = <A>(outcome: AfterCodeCheck<A>): Effect.Effect<A, InvalidOtp> =>
  outcome._tag === "WrongCode" ? Effect.fail(outcome.error) : Effect.succeed(outcome.value)
