/** VerificationRepository in a map (tests, library users). */
import { Effect, Layer, Option } from "effect"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import { type Verification, voidCustomerVerifications } from "../../domain/auth/verification.ts"
import { insertNew, replaceExisting } from "./memory-records.ts"

export const makeMemoryVerificationRepository = () => {
  const verifications = new Map<string, Verification>()
  return VerificationRepository.of({
    insert: (verification) => insertNew(verifications, "verification", verification),
    findByIdForUpdate: (id) => Effect.sync(() => Option.fromNullishOr(verifications.get(id))),
    update: (verification) => replaceExisting(verifications, "verification", verification),
    findOpenByDestination: (destination, purpose) =>
      Effect.sync(() =>
        [...verifications.values()].filter((v) =>
          v.destination === destination && v.purpose === purpose && v.consumedAt === null && v.voidedAt === null
        )
      ),
    voidAllOfCustomer: (customerId, now) =>
      Effect.sync(() => {
        for (const verification of voidCustomerVerifications([...verifications.values()], customerId, now)) {
          verifications.set(verification.id, verification)
        }
      })
  })
}

export const layer = Layer.sync(VerificationRepository, makeMemoryVerificationRepository)
