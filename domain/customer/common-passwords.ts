/**
 * Port: the list of common passwords a new password must not be (docs/contract/accounts.md: at least the
 * 10,000 most common). The comparison is case-insensitive: `isCommon("PassWord1")` is true when
 * "password1" is listed. The argument is the NFKC-normalised password.
 * Adapter: adapters/security/zxcvbn-common-passwords.ts.
 */
import { Context, Layer } from "effect"

export interface CommonPasswordsShape {
  readonly isCommon: (normalisedPassword: string) => boolean
  /** How many distinct (case-folded) passwords the list holds. */
  readonly size: number
}

/** The case folding used on both sides of the comparison (NFKC, then locale-independent lower case). */
export const foldPasswordCase = (password: string): string => password.normalize("NFKC").toLowerCase()

/** A {@link CommonPasswordsShape} over an in-memory list (used by the adapter and by tests). */
export const commonPasswordsFromList = (passwords: Iterable<string>): CommonPasswordsShape => {
  const folded = new Set<string>()
  for (const password of passwords) folded.add(foldPasswordCase(password))
  return {
    isCommon: (normalisedPassword) => folded.has(foldPasswordCase(normalisedPassword)),
    size: folded.size
  }
}

export class CommonPasswords extends Context.Service<CommonPasswords, CommonPasswordsShape>()("storefront/CommonPasswords") {
  /** A layer over a fixed list, e.g. `CommonPasswords.fromList(["password", "letmein"])` in tests. */
  static readonly fromList = (passwords: Iterable<string>): Layer.Layer<CommonPasswords> =>
    Layer.succeed(CommonPasswords, commonPasswordsFromList(passwords))
}
