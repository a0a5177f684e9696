// Cleanup actions (stop the server, kill a running import, stop load generators) that must run
// however the benchmark ends: normal end, thrown error, Ctrl-C or SIGTERM.

type Cleanup = () => Promise<void> | void

const cleanups = new Set<Cleanup>()

/** Registers an action; the returned function unregisters it (call it once the action is moot). */
export const onCleanup = (cleanup: Cleanup): (() => void) => {
  cleanups.add(cleanup)
  return () => {
    cleanups.delete(cleanup)
  }
}

/** Runs every registered action, newest first, each at most once. */
export const runCleanups = async (): Promise<void> => {
  const pending = [...cleanups].reverse()
  cleanups.clear()
  for (const cleanup of pending) {
    try {
      await cleanup()
    } catch (e) {
      console.error(`[bench] cleanup failed: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
}

/** On SIGINT / SIGTERM: run the cleanups, then exit (130 / 143). A second signal exits at once. */
export const cleanUpOnSignals = (): void => {
  let interrupted = false
  const handle = (signal: NodeJS.Signals, code: number) => () => {
    if (interrupted) process.exit(code)
    interrupted = true
    console.error(`\n[bench] ${signal}: stopping (press again to exit at once)`)
    void runCleanups().finally(() => process.exit(code))
  }
  process.on("SIGINT", handle("SIGINT", 130))
  process.on("SIGTERM", handle("SIGTERM", 143))
}
