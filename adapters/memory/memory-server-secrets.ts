/** ServerSecrets in a map: one value per name for the life of the layer (tests, library users). */
import { Effect, Layer } from "effect"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"

export const layer = Layer.sync(ServerSecrets, () => {
  const values = new Map<string, string>()
  return ServerSecrets.of({
    getOrCreate: (name, create) =>
      Effect.suspend(() => {
        const existing = values.get(name)
        if (existing !== undefined) return Effect.succeed(existing)
        return Effect.map(create, (created) => {
          // another fiber may have stored one meanwhile: the first stored value wins
          const stored = values.get(name) ?? created
          values.set(name, stored)
          return stored
        })
      })
  })
})
