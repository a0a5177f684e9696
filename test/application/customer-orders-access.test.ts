/**
 * The /customers/me/orders* guard (CONTRACT §3): only a customer whose password was linked over
 * an existing account, who has orders from before the linking and has not verified the email,
 * is refused (EmailVerificationRequired → 403).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { MemoryCustomerRepository } from "../../adapters/memory/memory-customer-repository.ts"
import { CustomerOrderHistory } from "../../application/customer/customer-order-history.ts"
import { ensureOrdersAccess } from "../../application/customer/customer-orders-access.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { linkPassword, markEmailVerified } from "../../domain/customer/customer.ts"
import { sampleCustomer } from "../adapters/customer-repository-contract.ts"

const GUEST_ORDER_AT = new Date("2026-01-10T00:00:00.000Z")
const CREATED = new Date("2026-01-01T00:00:00.000Z")
const LINKED = new Date("2026-02-01T00:00:00.000Z")

/** Each customer's order times. */
const orders = new Map<string, ReadonlyArray<Date>>()
const history = Layer.succeed(CustomerOrderHistory, {
  hasOrdersBefore: (customerId, instant) =>
    Effect.succeed((orders.get(customerId) ?? []).some((at) => at.getTime() < instant.getTime()))
})

const services = Layer.mergeAll(MemoryCustomerRepository, history)

const access = (customerId: string) => Effect.map(Effect.result(ensureOrdersAccess(customerId)), (r) => r._tag === "Success" ? "allowed" : r.failure._tag)

describe("orders access", () => {
  it.effect("a linked guest with earlier orders is blocked until the email is verified", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const guest = sampleCustomer({ passwordHash: null, registeredAt: null, createdAt: CREATED })
      yield* customers.insert(guest)
      orders.set(guest.id, [GUEST_ORDER_AT])
      // password-less (it can only sign in by a code to a contact on record): allowed
      expect(yield* access(guest.id)).toBe("allowed")
      const linked = linkPassword(guest, "$argon2id$h", LINKED)
      yield* customers.update(linked)
      expect(yield* access(guest.id)).toBe("EmailVerificationRequired")
      yield* customers.update(markEmailVerified(linked, linked.email!))
      expect(yield* access(guest.id)).toBe("allowed")
    }).pipe(Effect.provide(services)))

  it.effect("a linked account without earlier orders, and a brand-new customer, are not blocked", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const chat = sampleCustomer({ passwordHash: null, registeredAt: null, createdAt: CREATED })
      yield* customers.insert(chat)
      yield* customers.update(linkPassword(chat, "$argon2id$h", LINKED))
      orders.set(chat.id, [new Date(LINKED.getTime() + 1000)])
      expect(yield* access(chat.id)).toBe("allowed")
      const fresh = sampleCustomer({ createdAt: LINKED, registeredAt: LINKED })
      yield* customers.insert(fresh)
      orders.set(fresh.id, [new Date(LINKED.getTime() + 1000)])
      expect(yield* access(fresh.id)).toBe("allowed")
    }).pipe(Effect.provide(services)))
})
