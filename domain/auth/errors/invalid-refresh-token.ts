/**
 * A refresh token that is unknown, expired (idle or absolute), rotated out of a session that is
 * now revoked, or belongs to a revoked session (401 `invalid_refresh_token`).
 */
import { Schema } from "effect"

export class InvalidRefreshToken extends Schema.TaggedError<InvalidRefreshToken>()("InvalidRefreshToken", {}) {}
