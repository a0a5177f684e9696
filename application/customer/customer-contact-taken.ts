import { Schema } from "effect"

/** The email or phone is already held by another customer (a unique-key conflict in the store). */
export class CustomerContactTaken extends Schema.TaggedError<CustomerContactTaken>()("CustomerContactTaken", {
  field: Schema.Literals(["email", "phone"])
}) {}
