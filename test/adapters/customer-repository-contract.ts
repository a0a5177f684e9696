/**
 * The contract every CustomerRepository keeps, run on memory, PGlite and PostgreSQL: customers
 * round-trip unchanged, emails and phones are unique (CustomerContactTaken names the field), and
 * guest checkout finds the holder of an email (else phone) or creates exactly one password-less
 * customer, also under concurrency.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Option, type Layer } from "effect"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import type { Customer } from "../../domain/customer/customer.ts"
import { type NormalisedEmail, parseEmail } from "../../domain/customer/email.ts"
import { AddressId, CustomerId } from "../../domain/shared/ids.ts"

let sequence = 0
/** A fresh suffix, so tests sharing one store never collide. */
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`

export const testEmail = (local: string): NormalisedEmail => {
  const email = parseEmail(`${local}-${unique()}@example.com`)
  if (email === undefined) throw new Error(`bad test email ${local}`)
  return email
}

const testPhone = () => `+8801${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`

const T0 = new Date("2026-03-01T10:00:00.123Z")
const T1 = new Date("2026-03-02T11:30:00.456Z")

export const sampleCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  id: CustomerId.make(`cus_${unique()}`),
  name: "Ann Example",
  email: testEmail("ann"),
  phone: testPhone(),
  avatarUrl: null,
  defaultShippingAddressId: null,
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g",
  verifiedEmail: null,
  verifiedPhone: null,
  linkedName: null,
  linkedPhone: null,
  createdAt: T0,
  registeredAt: T0,
  ...overrides
})

export const customerRepositoryContract = <E>(name: string, store: Layer.Layer<CustomerRepository, E>) =>
  layer(store, { excludeTestServices: true })(`CustomerRepository contract (${name})`, (it) => {
    it.effect("a customer round-trips through insert and every lookup", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const email = testEmail("verified")
        const customer = sampleCustomer({ avatarUrl: "https://img.example.com/a.png", email, verifiedEmail: email })
        yield* repository.insert(customer)
        expect(yield* repository.findById(customer.id)).toEqual(Option.some(customer))
        expect(yield* repository.findByIdForUpdate(customer.id)).toEqual(Option.some(customer))
        expect(yield* repository.findByEmail(customer.email!)).toEqual(Option.some(customer))
        expect(yield* repository.findByEmailForUpdate(customer.email!)).toEqual(Option.some(customer))
        expect(yield* repository.findByPhone(customer.phone!)).toEqual(Option.some(customer))
      }))

    it.effect("unknown ids, emails and phones find nothing", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        expect(Option.isNone(yield* repository.findById(CustomerId.make("cus_nobody")))).toBe(true)
        expect(Option.isNone(yield* repository.findByEmail(testEmail("nobody")))).toBe(true)
        expect(Option.isNone(yield* repository.findByPhone("+10000000000"))).toBe(true)
      }))

    it.effect("a password-less customer without email or phone is stored with nulls", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const customer = sampleCustomer({ email: null, phone: null, passwordHash: null, registeredAt: null })
        yield* repository.insert(customer)
        expect(yield* repository.findById(customer.id)).toEqual(Option.some(customer))
      }))

    it.effect("an email or phone held by another customer is refused, naming the field, and nothing changes", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const first = sampleCustomer()
        yield* repository.insert(first)
        const sameEmail = sampleCustomer({ email: first.email })
        expect(yield* Effect.flip(repository.insert(sameEmail))).toMatchObject({ _tag: "CustomerContactTaken", field: "email" })
        const samePhone = sampleCustomer({ phone: first.phone })
        expect(yield* Effect.flip(repository.insert(samePhone))).toMatchObject({ _tag: "CustomerContactTaken", field: "phone" })
        expect(Option.isNone(yield* repository.findById(sameEmail.id))).toBe(true)
        expect(Option.isNone(yield* repository.findById(samePhone.id))).toBe(true)

        const second = sampleCustomer()
        yield* repository.insert(second)
        const stealing = yield* Effect.flip(repository.update({ ...second, email: first.email }))
        expect(stealing).toMatchObject({ _tag: "CustomerContactTaken", field: "email" })
        const stealingPhone = yield* Effect.flip(repository.update({ ...second, phone: first.phone }))
        expect(stealingPhone).toMatchObject({ _tag: "CustomerContactTaken", field: "phone" })
        expect(yield* repository.findById(second.id)).toEqual(Option.some(second))
      }))

    it.effect("update replaces every field of the stored customer", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const customer = sampleCustomer({ passwordHash: null, registeredAt: null })
        yield* repository.insert(customer)
        const changed: Customer = {
          ...customer,
          name: "Ann Changed",
          email: testEmail("changed"),
          phone: null,
          avatarUrl: "https://img.example.com/b.png",
          defaultShippingAddressId: AddressId.make("addr_1"),
          passwordHash: "$argon2id$changed",
          verifiedEmail: testEmail("changed"),
          verifiedPhone: "+880 1711-000000",
          linkedName: "Ann the registrant",
          linkedPhone: "+8801811000000",
          registeredAt: T1
        }
        yield* repository.update(changed)
        expect(yield* repository.findById(customer.id)).toEqual(Option.some(changed))
        expect(Option.isNone(yield* repository.findByEmail(customer.email!))).toBe(true)
        expect(yield* repository.findByEmail(changed.email!)).toEqual(Option.some(changed))
      }))

    it.effect("guest checkout: a new contact creates one password-less, unverified customer", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const email = testEmail("guest")
        const created = yield* repository.findOrCreatePasswordless({ name: "Guest", email, phone: null }, CustomerId.make(`cus_${unique()}`), T1)
        expect(created).toMatchObject({
          name: "Guest",
          email,
          phone: null,
          passwordHash: null,
          verifiedEmail: null,
          verifiedPhone: null,
          registeredAt: null,
          createdAt: T1
        })
        expect(yield* repository.findByEmail(email)).toEqual(Option.some(created))
      }))

    it.effect("guest checkout: the holder of the email wins, else the holder of the phone", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const byEmail = sampleCustomer()
        const byPhone = sampleCustomer()
        yield* repository.insert(byEmail)
        yield* repository.insert(byPhone)
        const found = yield* repository.findOrCreatePasswordless(
          { name: "Someone", email: byEmail.email, phone: byPhone.phone },
          CustomerId.make(`cus_${unique()}`),
          T1
        )
        expect(found).toEqual(byEmail)
        const foundByPhone = yield* repository.findOrCreatePasswordless(
          { name: "Someone", email: testEmail("fresh"), phone: byPhone.phone },
          CustomerId.make(`cus_${unique()}`),
          T1
        )
        expect(foundByPhone).toEqual(byPhone)
      }))

    it.effect("guest checkout: 20 concurrent calls for one new email create exactly one customer", () =>
      Effect.gen(function*() {
        const repository = yield* CustomerRepository
        const email = testEmail("race")
        const results = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          (i) => repository.findOrCreatePasswordless({ name: `Racer ${i}`, email, phone: null }, CustomerId.make(`cus_${unique()}`), T1),
          { concurrency: "unbounded" }
        )
        const ids = new Set(results.map((customer) => customer.id))
        expect(ids.size).toBe(1)
        expect(Option.map(yield* repository.findByEmail(email), (customer) => customer.id)).toEqual(
          Option.some(results[0]!.id)
        )
      }))
  })
