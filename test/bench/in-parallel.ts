/** Runs `task` over `items`, `concurrency` at a time (the setup steps of the bench shapes). */
export const inParallel = async <A>(items: ReadonlyArray<A>, concurrency: number, task: (item: A) => Promise<void>): Promise<void> => {
  let next = 0
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!)
  }))
}
