/** The search term on which the crashing listing worker (crashing-listing-worker.ts) crashes. */
export const CRASH_TERM = "crash-the-worker"
