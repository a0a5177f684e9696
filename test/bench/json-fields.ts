/** Reading fields of the bench's JSON answers without trusting their shape (a missing field reads as empty). */

export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

export const arrayOf = (u: unknown, key: string): ReadonlyArray<unknown> => {
  const value = isRecord(u) ? u[key] : undefined
  return Array.isArray(value) ? value : []
}

export const stringOf = (u: unknown, key: string): string | null => {
  const value = isRecord(u) ? u[key] : undefined
  return typeof value === "string" ? value : null
}

export const numberOf = (u: unknown, key: string): number => {
  const value = isRecord(u) ? u[key] : undefined
  return typeof value === "number" ? value : 0
}
