/**
 * Results computed from a product search index, kept for that index while its generation stays (a
 * changed catalog starts afresh), by key; at `limit` keys the cache is emptied and refills.
 */
export const generationCache = <V>(limit: number) => {
  const cache = new WeakMap<object, { generation: number; entries: Map<string, V> }>()
  return (index: { readonly generation: number }, key: string, compute: () => V): V => {
    let entry = cache.get(index)
    if (entry === undefined || entry.generation !== index.generation) {
      entry = { generation: index.generation, entries: new Map() }
      cache.set(index, entry)
    }
    const cached = entry.entries.get(key)
    if (cached !== undefined) return cached
    const value = compute()
    if (entry.entries.size >= limit) entry.entries.clear()
    entry.entries.set(key, value)
    return value
  }
}
