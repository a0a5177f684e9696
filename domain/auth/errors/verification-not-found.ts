/**
 * No live verification with that id (404 `verification_not_found`): unknown, expired, voided by a
 * newer request, already consumed, killed by too many wrong codes, or bound to another purpose.
 */
import { Schema } from "effect"

export class VerificationNotFound extends Schema.TaggedError<VerificationNotFound>()("VerificationNotFound", {}) {}
