/**
 * Text the service will not take in: NUL (U+0000, which PostgreSQL cannot store in text),
 * lone UTF-16 surrogates (no valid UTF-8 exists for them) and bytes that are not UTF-8. Every
 * string of a request (JSON values and keys, query parameters, path segments) is checked at the
 * edge, so bad text is a 400 listing every bad field at once and never reaches a store.
 */

export interface TextProblem {
  readonly path: string
  readonly message: string
}

const NUL_MESSAGE = "Expected text without NUL (U+0000) characters"
const SURROGATE_MESSAGE = "Expected well-formed Unicode text (no lone surrogates)"

const problemOf = (text: string): string | undefined =>
  text.includes("\u0000") ? NUL_MESSAGE : text.isWellFormed() ? undefined : SURROGATE_MESSAGE

/** Escapes in JSON text that may decode to NUL or to a surrogate: only then is a walk needed. */
const SUSPICIOUS_ESCAPE = /\\u0000|\\u[dD][89a-fA-F]/

/** Every string (value or key) of a parsed JSON document that is not acceptable text, with its path. */
export const malformedJsonStrings = (rawText: string, document: unknown): ReadonlyArray<TextProblem> => {
  if (!SUSPICIOUS_ESCAPE.test(rawText)) return []
  const problems: Array<TextProblem> = []
  const walk = (value: unknown, path: ReadonlyArray<string>) => {
    if (typeof value === "string") {
      const message = problemOf(value)
      if (message !== undefined) problems.push({ path: path.join("."), message })
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, String(index)]))
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const message = problemOf(key)
        if (message !== undefined) problems.push({ path: [...path, key].join("."), message })
        walk(item, [...path, key])
      }
    }
  }
  walk(document, [])
  return problems
}

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true })

/** Whether the bytes are UTF-8 (a body in another encoding is refused rather than mangled). */
export const isUtf8 = (bytes: ArrayBuffer): boolean => {
  try {
    fatalUtf8.decode(bytes)
    return true
  } catch {
    return false
  }
}

/** A percent-encoded component decoded, or `undefined` when it is not UTF-8. */
const decodeComponent = (component: string): string | undefined => {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "))
  } catch {
    return undefined
  }
}

/** The query parameters and path segments of a request URL that are not acceptable text. */
export const malformedUrlText = (url: string): ReadonlyArray<TextProblem> => {
  const problems: Array<TextProblem> = []
  const queryAt = url.indexOf("?")
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  for (const segment of path.split("/")) {
    const decoded = decodeComponent(segment)
    const message = decoded === undefined ? "Expected UTF-8 in the path" : problemOf(decoded)
    if (message !== undefined) problems.push({ path: "path", message })
  }
  if (queryAt !== -1) {
    for (const pair of url.slice(queryAt + 1).split("&")) {
      if (pair === "") continue
      const [rawName = "", rawValue = ""] = pair.split("=", 2) as [string?, string?]
      const name = decodeComponent(rawName)
      const value = decodeComponent(rawValue)
      const label = name !== undefined && problemOf(name) === undefined ? name : "query"
      const message = name === undefined || value === undefined
        ? "Expected UTF-8 in the query string"
        : problemOf(name) ?? problemOf(value)
      if (message !== undefined) problems.push({ path: label, message })
    }
  }
  return problems
}
