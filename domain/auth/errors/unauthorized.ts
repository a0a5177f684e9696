/** Missing, invalid or expired access token, or its session was revoked (401 `unauthorized`). */
import { Schema } from "effect"

export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {}) {}
