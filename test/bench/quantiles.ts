/** Quantiles of timed samples, as the measurements of `npm run bench` report them. */

/**
 * The sample at quantile `q` (0 to 1, 1 being the largest) of samples sorted in ascending order;
 * 0 when there are none.
 */
export const quantile = (sorted: ReadonlyArray<number>, q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

/** How long something took, in ms: how many samples, their median, 99th percentile and largest. */
export interface Latency {
  readonly samples: number
  readonly p50: number
  readonly p99: number
  readonly max: number
}

export const latencyOf = (samples: ReadonlyArray<number>): Latency => {
  const sorted = [...samples].sort((a, b) => a - b)
  return { samples: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: quantile(sorted, 1) }
}
