/**
 * A gateway did not take a message. `permanent` when it refused the message itself (an invalid
 * recipient, a 4xx): retrying cannot help, so the message becomes a dead letter at once.
 * `reason` is short and never carries the message's code, token or link.
 */
import { Schema } from "effect"

export class DeliveryFailed extends Schema.TaggedError<DeliveryFailed>()("DeliveryFailed", {
  permanent: Schema.Boolean,
  reason: Schema.String
}) {}

/** At most 300 characters of a gateway's answer, for `last_error` and the log. */
export const shortReason = (text: string): string => text.length > 300 ? `${text.slice(0, 300)}…` : text
