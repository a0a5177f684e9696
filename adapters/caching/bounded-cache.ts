/**
 * A bounded in-process map for the adapters' caches: at most `capacity` entries, the oldest
 * insertion dropped first (a Map keeps insertion order), each entry valid until its own deadline.
 * Synchronous and allocation-light: it sits on the hot path of every authenticated request.
 */
export interface BoundedCache<V> {
  /** The value, when present and not past its deadline at `nowMillis`. */
  readonly get: (key: string, nowMillis: number) => V | undefined
  readonly set: (key: string, value: V, validUntilMillis: number) => void
  readonly delete: (key: string) => void
  /** Drops every entry whose value matches. */
  readonly deleteWhere: (predicate: (value: V) => boolean) => void
  readonly clear: () => void
}

interface Entry<V> {
  readonly value: V
  readonly validUntilMillis: number
}

export const makeBoundedCache = <V>(capacity: number): BoundedCache<V> => {
  const entries = new Map<string, Entry<V>>()
  return {
    get: (key, nowMillis) => {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (nowMillis >= entry.validUntilMillis) {
        entries.delete(key)
        return undefined
      }
      return entry.value
    },
    set: (key, value, validUntilMillis) => {
      entries.delete(key)
      if (entries.size >= capacity) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
      entries.set(key, { value, validUntilMillis })
    },
    delete: (key) => void entries.delete(key),
    deleteWhere: (predicate) => {
      for (const [key, entry] of entries) if (predicate(entry.value)) entries.delete(key)
    },
    clear: () => entries.clear()
  }
}
