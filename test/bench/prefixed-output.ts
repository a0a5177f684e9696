// Forwards a child process's stdout / stderr line by line, each line tagged with a prefix.
import type { ChildProcess } from "node:child_process"
import { createInterface } from "node:readline"
import type { Readable, Writable } from "node:stream"

const forward = (from: Readable | null, to: Writable, prefix: string): void => {
  if (from === null) return
  createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
    to.write(`${prefix} ${line}\n`)
  })
}

export const forwardOutput = (child: ChildProcess, prefix: string): void => {
  forward(child.stdout, process.stdout, prefix)
  forward(child.stderr, process.stderr, prefix)
}
