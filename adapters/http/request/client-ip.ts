/**
 * The client IP the rate limits count against (docs/contract/accounts.md): the socket address, unless
 * TRUST_PROXY names how many proxies stand in front of the service; then it is the address the
 * outermost trusted proxy saw, read from the right of `X-Forwarded-For` (each proxy appends the
 * address it received the request from, so entries further left can be forged by the client).
 */
import { Context, Option } from "effect"
import type { HttpServerRequest } from "effect/http"

export interface ClientIpPolicyShape {
  /** TRUST_PROXY: proxy hops in front of the service; 0 = use the socket address. */
  readonly trustedProxyHops: number
}

export const ClientIpPolicy = Context.Reference<ClientIpPolicyShape>("storefront/http/ClientIpPolicy", {
  defaultValue: () => ({ trustedProxyHops: 0 })
})

const MAX_ADDRESS_LENGTH = 64
const UNKNOWN_ADDRESS = "unknown"

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is `10.0.0.1`. */
const canonical = (address: string): string => {
  const trimmed = address.trim().slice(0, MAX_ADDRESS_LENGTH)
  return trimmed.toLowerCase().startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed
}

export const resolveClientIp = (
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxyHops: number
): string => {
  const socket = socketAddress === undefined || socketAddress === "" ? UNKNOWN_ADDRESS : canonical(socketAddress)
  if (trustedProxyHops <= 0 || forwardedFor === undefined) return socket
  const entries = forwardedFor.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
  if (entries.length === 0) return socket
  // with n trusted proxies, the n-th entry from the right was appended by the outermost one
  const index = Math.max(0, entries.length - trustedProxyHops)
  return canonical(entries[index]!)
}

export const clientIpOf = (request: HttpServerRequest.HttpServerRequest, policy: ClientIpPolicyShape): string =>
  resolveClientIp(Option.getOrUndefined(request.remoteAddress), request.headers["x-forwarded-for"], policy.trustedProxyHops)
