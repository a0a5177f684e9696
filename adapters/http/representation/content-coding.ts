/**
 * Content-coding negotiation (RFC 9110 §12.5.3): which coding a response body is sent in, from
 * the request's `Accept-Encoding`. Brotli and gzip are offered; a body goes compressed only when
 * it is larger than COMPRESSION_THRESHOLD_BYTES and of a textual media type. Pure functions.
 */

export type Coding = "br" | "gzip" | "identity"

/** Bodies of this size or smaller are sent as they are: compression would save next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

interface Weights {
  readonly br: number | undefined
  readonly gzip: number | undefined
  readonly identity: number | undefined
  readonly any: number | undefined
}

/** A qvalue (`0`, `0.5`, `1.000`); anything else is not a weight (-1). */
const parseQuality = (text: string): number => {
  if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text)) return -1
  return Number(text)
}

/** The weight given to each coding we know of, `*`, and identity; undefined when not named. */
const weightsOf = (header: string): Weights => {
  const weights: { br?: number; gzip?: number; identity?: number; any?: number } = {}
  for (const element of header.split(",")) {
    const [rawCoding = "", ...parameters] = element.split(";")
    const coding = rawCoding.trim().toLowerCase()
    if (coding === "") continue
    let quality = 1
    for (const parameter of parameters) {
      const [name = "", value = ""] = parameter.split("=")
      if (name.trim().toLowerCase() === "q") quality = parseQuality(value.trim())
    }
    // a malformed weight makes the element unusable
    if (quality < 0) quality = 0
    const key = coding === "x-gzip" ? "gzip" : coding === "*" ? "any" : coding
    if (key === "br" || key === "gzip" || key === "identity" || key === "any") {
      // the first mention of a coding counts
      if (weights[key] === undefined) weights[key] = quality
    }
  }
  return { br: weights.br, gzip: weights.gzip, identity: weights.identity, any: weights.any }
}

/**
 * The coding to send a compressible body in: the compression with the highest weight (brotli
 * on a tie), unless identity is named with a higher weight. No header (or an empty one) means
 * identity: a client that does not ask gets the body as it is.
 */
export const negotiateCoding = (acceptEncoding: string | undefined): Coding => {
  if (acceptEncoding === undefined) return "identity"
  const weights = weightsOf(acceptEncoding)
  const br = weights.br ?? weights.any ?? 0
  const gzip = weights.gzip ?? weights.any ?? 0
  const best = Math.max(br, gzip)
  if (best <= 0) return "identity"
  if (weights.identity !== undefined && weights.identity > best) return "identity"
  return br >= gzip ? "br" : "gzip"
}

/** Text-like media types (JSON, problem+json, text, XML, JavaScript) are worth compressing. */
export const isCompressibleType = (contentType: string | undefined): boolean => {
  if (contentType === undefined) return false
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase()
  return mediaType.startsWith("text/") || mediaType.endsWith("/json") || mediaType.endsWith("+json") ||
    mediaType.endsWith("/xml") || mediaType.endsWith("+xml") || mediaType === "application/javascript"
}

/** Whether a body of this type and size is sent compressed when the client accepts it. */
export const isCompressible = (contentType: string | undefined, byteLength: number): boolean =>
  byteLength > COMPRESSION_THRESHOLD_BYTES && isCompressibleType(contentType)
