/** ResetTokenRepository in a map (tests, library users). */
import { Effect, Layer, Option } from "effect"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import { type ResetToken, voidResetToken } from "../../domain/auth/reset-token.ts"
import { replaceExisting } from "./memory-records.ts"

export const makeMemoryResetTokenRepository = () => {
  const tokens = new Map<string, ResetToken>()
  return ResetTokenRepository.of({
    insert: (token) =>
      Effect.suspend(() =>
        [...tokens.values()].some((stored) => stored.id === token.id || stored.tokenHash === token.tokenHash)
          ? Effect.die(new Error(`reset token ${token.id} already exists`))
          : Effect.sync(() => void tokens.set(token.id, token))
      ),
    findByTokenHashForUpdate: (tokenHash) =>
      Effect.sync(() => Option.fromNullishOr([...tokens.values()].find((token) => token.tokenHash === tokenHash))),
    update: (token) => replaceExisting(tokens, "reset token", token),
    voidAllOfCustomer: (customerId, now) =>
      Effect.sync(() => {
        for (const token of tokens.values()) {
          if (token.customerId === customerId) tokens.set(token.id, voidResetToken(token, now))
        }
      })
  })
}

export const layer = Layer.sync(ResetTokenRepository, makeMemoryResetTokenRepository)
