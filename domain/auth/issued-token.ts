/** What issuing a customer's token record (a session, a reset token) starts from. */
import type { CustomerId } from "../shared/ids.ts"

export interface IssueTokenInput<Id extends string> {
  /** The new record's id, generated outside. */
  readonly id: Id
  readonly customerId: CustomerId
  /** Hash of the freshly generated token handed to the client (the TokenHasher port's). */
  readonly tokenHash: string
  readonly now: Date
}
