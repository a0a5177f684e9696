// The server's memory as its /metrics reports it (resident, V8 heap, outside the heap), for a
// line after each shape: what grows under a load is told apart from what the catalog holds.

const GAUGES = {
  rss: "process_resident_memory_bytes",
  heapUsed: "nodejs_heap_size_used_bytes",
  heapTotal: "nodejs_heap_size_total_bytes",
  external: "nodejs_external_memory_bytes"
} as const

export type ServerMemory = { readonly [K in keyof typeof GAUGES]: number }

/** MB of each gauge, or null when the server has no such gauges (older code) or does not answer. */
export const readServerMemory = async (baseUrl: string): Promise<ServerMemory | null> => {
  try {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { "accept-encoding": "identity" } })
    if (!response.ok) return null
    const text = await response.text()
    const entries = Object.entries(GAUGES).map(([key, name]) => {
      const value = new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]
      return [key, value === undefined ? Number.NaN : Number(value) / 2 ** 20] as const
    })
    if (entries.some(([, value]) => Number.isNaN(value))) return null
    return Object.fromEntries(entries) as ServerMemory
  } catch {
    return null
  }
}

export const describeServerMemory = (memory: ServerMemory | null): string =>
  memory === null
    ? "memory: not reported"
    : `memory: RSS ${memory.rss.toFixed(0)} MB, heap ${memory.heapUsed.toFixed(0)} of ${memory.heapTotal.toFixed(0)} MB, ` +
      `outside the heap ${memory.external.toFixed(0)} MB`
