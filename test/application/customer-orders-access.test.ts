/**
 * The /customers/me/orders* guard (docs/contract/accounts.md): a linked account (a password attached to a
 * chat or guest customer) is refused (EmailVerificationRequired → 403) until its email is
 * verified, whatever orders exist; a customer created by registering, and a password-less one,
 * are not; the viewer carries exactly the contacts the customer proved.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import { ordersViewer as viewerOver } from "../../application/customer/customer-orders-access.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { linkPassword, markEmailVerified, markPhoneVerified } from "../../domain/customer/customer.ts"
import { sampleCustomer } from "../adapters/customer-repository-contract.ts"
import { CustomerId } from "../../domain/shared/ids.ts"

const CREATED = new Date("2026-01-01T00:00:00.000Z")
const LINKED = new Date("2026-02-01T00:00:00.000Z")

const ordersViewer = (customerId: string) =>
  Effect.flatMap(CustomerRepository, (customers) => viewerOver(customers, CustomerId.make(customerId)))

const access = (customerId: string) =>
  Effect.map(Effect.result(ordersViewer(customerId)), (r) => r._tag === "Success" ? "allowed" : r.failure._tag)

describe("orders access", () => {
  it.effect("a linked account is blocked until the email is verified, with or without earlier orders", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const guest = sampleCustomer({ passwordHash: null, registeredAt: null, createdAt: CREATED })
      yield* customers.insert(guest)
      // password-less (it can only sign in by a code to a contact on record): allowed
      expect(yield* access(guest.id)).toBe("allowed")
      const linked = linkPassword(guest, "$argon2id$h", LINKED, { name: "Registrant", phone: null })
      yield* customers.update(linked)
      expect(yield* access(guest.id)).toBe("EmailVerificationRequired")
      yield* customers.update(markEmailVerified(linked, linked.email!))
      expect(yield* access(guest.id)).toBe("allowed")
    }).pipe(Effect.provide(MemoryCustomerRepository.layer)))

  it.effect("a brand-new customer is not blocked; the viewer holds only proven contacts", () =>
    Effect.gen(function*() {
      const customers = yield* CustomerRepository
      const fresh = sampleCustomer({ createdAt: LINKED, registeredAt: LINKED, phone: "+880 1711-000123" })
      yield* customers.insert(fresh)
      expect(yield* ordersViewer(fresh.id)).toEqual({ customerId: fresh.id, verifiedEmail: null, verifiedPhone: null })
      yield* customers.update(markPhoneVerified(fresh, "+8801711000123"))
      expect(yield* ordersViewer(fresh.id)).toEqual({ customerId: fresh.id, verifiedEmail: null, verifiedPhone: "+8801711000123" })
    }).pipe(Effect.provide(MemoryCustomerRepository.layer)))
})
