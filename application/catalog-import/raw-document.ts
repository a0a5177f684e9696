/**
 * Reading an import document before (or without) its schema: entries found by shape, with
 * their paths, so the cross-reference checks (import-document-references.ts) report together
 * with the schema's problems even when parts are malformed.
 */
import type { ExistingCategory } from "./existing-references.ts"
import type { ImportProblem } from "./import-problem.ts"

export type RawRecord = Readonly<Record<string, unknown>>

export interface Located<A> {
  readonly path: string
  readonly value: A
}

export const isRecord = (value: unknown): value is RawRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The object entries of `parent[key]` when it is an array, with their paths. */
export const recordsAt = (parent: unknown, key: string, parentPath: string): Array<Located<RawRecord>> => {
  if (!isRecord(parent)) return []
  const list = parent[key]
  if (!Array.isArray(list)) return []
  const path = parentPath === "" ? key : `${parentPath}.${key}`
  const out: Array<Located<RawRecord>> = []
  list.forEach((item: unknown, index) => {
    if (isRecord(item)) out.push({ path: `${path}.${index}`, value: item })
  })
  return out
}

export const stringAt = (entry: Located<RawRecord>, key: string): Located<string> | undefined => {
  const value = entry.value[key]
  return typeof value === "string" ? { path: `${entry.path}.${key}`, value } : undefined
}

export const stringsAt = (entry: Located<RawRecord>, key: string): Array<Located<string>> => {
  const list = entry.value[key]
  if (!Array.isArray(list)) return []
  const out: Array<Located<string>> = []
  list.forEach((item: unknown, index) => {
    if (typeof item === "string") out.push({ path: `${entry.path}.${key}.${index}`, value: item })
  })
  return out
}

export const defined = <A>(value: A | undefined): value is A => value !== undefined

/** A natural key as written (`value`) and as compared (`identity`, e.g. case-folded). */
export interface NaturalKey extends Located<string> {
  readonly identity: string
}

export const asKeys = (
  located: ReadonlyArray<Located<string>>,
  identity: (value: string) => string = (value) => value
): Array<NaturalKey> => located.map((key) => ({ ...key, identity: identity(key.value) }))

export const duplicates = (what: string, keys: ReadonlyArray<NaturalKey>): Array<ImportProblem> => {
  const firstSeen = new Map<string, string>()
  const problems: Array<ImportProblem> = []
  for (const key of keys) {
    const first = firstSeen.get(key.identity)
    if (first === undefined) firstSeen.set(key.identity, key.path)
    else problems.push({ path: key.path, message: `Duplicate ${what} "${key.value}" (first at ${first})` })
  }
  return problems
}

export const unknownReference = (what: string, reference: Located<string>): ImportProblem => ({
  path: reference.path,
  message: `Unknown ${what} "${reference.value}" (neither in the document nor in the store)`
})

export const categoryCycles = (
  categories: ReadonlyArray<Located<RawRecord>>,
  stored: ReadonlyArray<ExistingCategory>
): Array<ImportProblem> => {
  const parentOf = new Map<string, string | null>()
  for (const category of stored) parentOf.set(category.slug, category.parentSlug)
  for (const category of categories) {
    const slug = stringAt(category, "slug")
    const parent = category.value["parentSlug"]
    if (slug !== undefined) parentOf.set(slug.value, typeof parent === "string" ? parent : null)
  }
  const problems: Array<ImportProblem> = []
  for (const category of categories) {
    const slug = stringAt(category, "slug")?.value
    if (slug === undefined) continue
    const chain = [slug]
    let current = parentOf.get(slug) ?? null
    while (current !== null && chain.length <= parentOf.size) {
      chain.push(current)
      if (current === slug) {
        problems.push({
          path: `${category.path}.parentSlug`,
          message: `Category "${slug}" is its own ancestor (${chain.join(" → ")})`
        })
        break
      }
      current = parentOf.get(current) ?? null
    }
  }
  return problems
}
