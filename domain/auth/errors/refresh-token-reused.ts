/**
 * An already-rotated refresh token was presented: the whole session is revoked (reuse detection).
 * Over HTTP this answers exactly like {@link InvalidRefreshToken} (401 `invalid_refresh_token`);
 * the distinct tag exists so the application can persist the revocation and log the event.
 */
import { Schema } from "effect"
import { SessionId } from "../../shared/ids.ts"

export class RefreshTokenReused extends Schema.TaggedError<RefreshTokenReused>()("RefreshTokenReused", {
  sessionId: SessionId
}) {}
