/**
 * Port: unique, unguessable identifiers with a type prefix (`prod_`, `cart_`, ...).
 * Production ids carry at least 128 bits from a CSPRNG (adapters/…/crypto-id-generator.ts).
 */
import { Context, type Effect } from "effect"

export type IdPrefix = "prod" | "var" | "cat" | "cus" | "cart" | "item" | "ord" | "ver" | "ses" | "sg" | "key" | "cpn" | "otp" | "rst" | "addr" | "pay" | "cap"

export class IdGenerator extends Context.Service<IdGenerator, {
  readonly next: (prefix: IdPrefix) => Effect.Effect<string>
}>()("storefront/IdGenerator") {}
