/**
 * Port: signing and verifying access tokens (docs/contract/accounts.md): a JWT with one pinned asymmetric
 * algorithm, header `typ: at+jwt`, claims iss, aud, sub, sid, iat, exp, jti. Verification pins
 * the algorithm, issuer and audience and checks the expiry; anything else is Unauthorized.
 * Whether the token's session is still alive is not its concern (see authenticate-access-token.ts).
 * Adapter: adapters/security/jose-access-token-signer.ts.
 */
import { Context, type Effect } from "effect"
import type { AccessTokenClaims } from "../../domain/auth/access-token.ts"
import type { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"

export class AccessTokenSigner extends Context.Service<AccessTokenSigner, {
  readonly sign: (claims: AccessTokenClaims) => Effect.Effect<string>
  readonly verify: (token: string) => Effect.Effect<AccessTokenClaims, Unauthorized>
}>()("storefront/AccessTokenSigner") {}
