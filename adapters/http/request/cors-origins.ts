/**
 * The origins a browser storefront may call the API from (`CORS_ORIGINS`): a comma-separated
 * list of exact origins (`https://shop.example.com`), patterns with `*` standing for one host
 * label or the port (`https://*.example.com`, `http://localhost:*`), or `*` alone for any origin.
 *
 * Credentials are never allowed: the API authenticates by bearer tokens in the Authorization
 * header, which a browser sends on a cross-origin request without credentials mode, and it sets
 * no cookies. So `*` is safe here and the service never sends `Access-Control-Allow-Credentials`.
 */

export type CorsOrigins =
  | { readonly _tag: "None" }
  | { readonly _tag: "Any" }
  | { readonly _tag: "List"; readonly entries: ReadonlyArray<string>; readonly matches: (origin: string) => boolean }

export const noCorsOrigins: CorsOrigins = { _tag: "None" }

const SCHEME = /^(https?):\/\/(.+)$/
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const PORT = /^[1-9][0-9]{0,4}$/

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** One entry as a regular expression over the serialized origin, or the reason it is not one. */
const entryPattern = (entry: string): RegExp | string => {
  const scheme = SCHEME.exec(entry)
  if (scheme === null) return `"${entry}" is not an origin (scheme://host[:port], scheme http or https)`
  const [, protocol, authority] = scheme as unknown as [string, string, string]
  if (/[/?#@\s]/.test(authority)) return `"${entry}" is not an origin (no path, query, user or spaces)`
  const colon = authority.lastIndexOf(":")
  const host = colon === -1 ? authority : authority.slice(0, colon)
  const port = colon === -1 ? undefined : authority.slice(colon + 1)
  const labels = host.split(".")
  if (labels.some((label) => label !== "*" && !LABEL.test(label))) {
    return `"${entry}" has an invalid host (lower-case labels, "*" for one whole label)`
  }
  if (port !== undefined && port !== "*" && (!PORT.test(port) || Number(port) > 65535)) {
    return `"${entry}" has an invalid port`
  }
  const hostPattern = labels.map((label) => label === "*" ? "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?" : escapeRegExp(label)).join("\\.")
  // "host:*" also matches the origin without a port (the scheme's default port)
  const portPattern = port === undefined ? "" : port === "*" ? "(?::[1-9][0-9]{0,4})?" : `:${port}`
  return new RegExp(`^${protocol}://${hostPattern}${portPattern}$`)
}

/** Parses `CORS_ORIGINS`; an empty value allows no origin. */
export const parseCorsOrigins = (value: string): { readonly origins: CorsOrigins } | { readonly error: string } => {
  const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
  if (entries.length === 0) return { origins: noCorsOrigins }
  if (entries.includes("*")) {
    return entries.length === 1
      ? { origins: { _tag: "Any" } }
      : { error: `"*" allows every origin and cannot be combined with other entries` }
  }
  const patterns: Array<RegExp> = []
  for (const entry of entries) {
    const pattern = entryPattern(entry)
    if (typeof pattern === "string") return { error: pattern }
    patterns.push(pattern)
  }
  return {
    origins: {
      _tag: "List",
      entries,
      matches: (origin) => patterns.some((pattern) => pattern.test(origin))
    }
  }
}

/** Whether a request's `Origin` header is allowed. */
export const isAllowedOrigin = (origins: CorsOrigins, origin: string): boolean => {
  switch (origins._tag) {
    case "None":
      return false
    case "Any":
      return true
    case "List":
      return origins.matches(origin)
  }
}
