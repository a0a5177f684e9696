/**
 * `If-None-Match` (RFC 9110 §13.1.2): `*`, or a list of entity tags compared with the weak
 * comparison function (`W/"x"` matches `"x"`). An opaque tag may hold commas, so the list is
 * read tag by tag, not split; reading stops at the first malformed member. Pure functions.
 */

export interface EntityTag {
  readonly weak: boolean
  /** The tag without its quotes. */
  readonly opaque: string
}

/** A strong entity tag's header form. */
export const strongTag = (opaque: string): string => `"${opaque}"`

/** `*`, or the well-formed tags of the list in order. */
export const parseEntityTags = (header: string): "*" | ReadonlyArray<EntityTag> => {
  if (header.trim() === "*") return "*"
  const tags: Array<EntityTag> = []
  let at = 0
  while (at < header.length) {
    const char = header[at]!
    if (char === " " || char === "\t" || char === ",") {
      at++
      continue
    }
    const weak = header.startsWith("W/", at)
    const open = weak ? at + 2 : at
    if (header[open] !== "\"") break
    const close = header.indexOf("\"", open + 1)
    if (close < 0) break
    tags.push({ weak, opaque: header.slice(open + 1, close) })
    at = close + 1
  }
  return tags
}

/** Whether `If-None-Match` names the current representation (so a GET is answered 304). */
export const noneMatchFails = (ifNoneMatch: string, currentOpaque: string): boolean => {
  const tags = parseEntityTags(ifNoneMatch)
  return tags === "*" || tags.some((tag) => tag.opaque === currentOpaque)
}
