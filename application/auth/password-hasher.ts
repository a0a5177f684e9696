/**
 * Port: the password hash (docs/contract/accounts.md: argon2id at or above m=19 MiB, t=2, p=1, with the
 * number of concurrent hashes capped so a burst of logins cannot starve other traffic).
 * Adapter: adapters/security/argon2-password-hasher.ts.
 */
import { Context, type Effect } from "effect"
import type { NormalisedPassword } from "../../domain/customer/password.ts"

export class PasswordHasher extends Context.Service<PasswordHasher, {
  /** A self-describing hash (PHC string) of a password that passed the policy. */
  readonly hash: (password: NormalisedPassword) => Effect.Effect<string>
  /**
   * Whether `candidate` (NFKC-normalised by the caller) matches `storedHash`. With `null` (an
   * unknown email, a password-less customer) it verifies against a dummy hash made with the
   * same parameters and answers false, so both cases take the time of a wrong password.
   */
  readonly verify: (storedHash: string | null, candidate: string) => Effect.Effect<boolean>
}>()("storefront/PasswordHasher") {}
