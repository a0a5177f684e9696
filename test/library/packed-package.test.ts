/**
 * The package as a user gets it: `npm pack` (whose prepack compiles dist/) makes the tarball,
 * which is installed into an empty project outside the repository beside that project's own
 * `effect` (from npm's cache or the registry). There:
 *  - the tarball holds dist/ (JavaScript and declarations) and the docs, no sources or tests;
 *  - `npm ls effect` finds one copy (effect is a peer dependency, so the package takes the app's);
 *  - every `ts` block of docs/library.md, as written, type-checks against the installed
 *    declarations and runs, printing what its last comment says;
 *  - the typed fetch client (storefront-service/client) type-checks its calls there;
 *  - nothing but the entries can be imported.
 */
import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url))
const typescriptCompiler = join(repositoryRoot, "node_modules", "typescript", "bin", "tsc")

interface ProcessOutcome {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs a command, collecting its output. */
const run = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<ProcessOutcome> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (exitCode) => resolve({ exitCode, stdout, stderr }))
  })

const describeFailure = (outcome: ProcessOutcome): string =>
  `exit ${String(outcome.exitCode)}\n--- stdout\n${outcome.stdout}\n--- stderr\n${outcome.stderr}`

const succeeded = async (outcome: Promise<ProcessOutcome>, what: string): Promise<ProcessOutcome> => {
  const done = await outcome
  if (done.exitCode !== 0) throw new Error(`${what} failed: ${describeFailure(done)}`)
  return done
}

/** Every ```ts block of the page, in order. */
const examplesOf = (markdown: string): ReadonlyArray<string> =>
  [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)

/** The example's last line, a comment holding what the program prints. */
const expectedOutputOf = (example: string): string => {
  const last = example.trimEnd().split("\n").at(-1) ?? ""
  if (!last.startsWith("// ")) throw new Error(`an example of docs/library.md does not end with its output:\n${example}`)
  return last.slice(3)
}

/** The typed client, built (no server here) with one call type-checked. */
const clientProgram = `
import { createStorefrontClient } from "storefront-service/client"

const store = createStorefrontClient({ baseUrl: "http://127.0.0.1:3000", publishableKey: "pk_demo" })
export const cheapestFirst = () =>
  store.GET("/v1/store/products", { params: { query: { sortBy: "price", limit: 1 } } })
    .then(({ data }) => data === undefined ? undefined : data.data[0]?.originalPrice)
console.log(typeof cheapestFirst)
`

const consumerTypeScriptConfig = (files: ReadonlyArray<string>) => ({
  compilerOptions: {
    target: "ES2024",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2024", "DOM"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true
  },
  files
})

describe("the packed package, installed into an empty project", () => {
  let workDirectory = ""
  let consumerDirectory = ""
  let packedFiles: ReadonlyArray<string> = []
  const examples: Array<{ readonly file: string; readonly expected: string }> = []

  beforeAll(async () => {
    workDirectory = await mkdtemp(join(tmpdir(), "storefront-packed-"))
    const packed = await succeeded(
      run("npm", ["pack", "--json", "--pack-destination", workDirectory], repositoryRoot),
      "npm pack"
    )
    // prepack's own output precedes the JSON report
    const report = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[\n"))) as ReadonlyArray<{
      readonly filename: string
      readonly files: ReadonlyArray<{ readonly path: string }>
    }>
    const tarball = join(workDirectory, report[0]!.filename)
    packedFiles = report[0]!.files.map((file) => file.path)

    consumerDirectory = join(workDirectory, "consumer")
    await succeeded(run("mkdir", [consumerDirectory], workDirectory), "mkdir")
    await writeFile(
      join(consumerDirectory, "package.json"),
      JSON.stringify({ name: "storefront-consumer", private: true, type: "module" }, null, 2)
    )
    await succeeded(
      run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, "effect@~4.1.0"], consumerDirectory),
      "npm install"
    )

    const page = await readFile(join(repositoryRoot, "docs", "library.md"), "utf8")
    for (const [index, example] of examplesOf(page).entries()) {
      const file = `example-${index + 1}.ts`
      await writeFile(join(consumerDirectory, file), example)
      examples.push({ file, expected: expectedOutputOf(example) })
    }
    await writeFile(join(consumerDirectory, "client.ts"), clientProgram)
    await writeFile(
      join(consumerDirectory, "tsconfig.json"),
      JSON.stringify(consumerTypeScriptConfig([...examples.map((example) => example.file), "client.ts"]), null, 2)
    )
  }, 600_000)

  afterAll(async () => {
    if (workDirectory !== "") await rm(workDirectory, { recursive: true, force: true })
  })

  it("ships dist/ with declarations and the docs, and no sources, tests or build state", () => {
    expect(packedFiles).toContain("dist/library/catalog.js")
    expect(packedFiles).toContain("dist/library/catalog.d.ts")
    expect(packedFiles).toContain("dist/client/index.js")
    expect(packedFiles).toContain("docs/library.md")
    const unexpected = packedFiles.filter((path) =>
      !(path.startsWith("dist/") && (path.endsWith(".js") || path.endsWith(".d.ts"))) &&
      !["package.json", "README.md", "docs/library.md", "docs/client.md"].includes(path)
    )
    expect(unexpected).toEqual([])
    expect(packedFiles.filter((path) => path.startsWith("dist/test/"))).toEqual([])
  })

  it("has one copy of effect: the app's", async () => {
    const listed = await succeeded(run("npm", ["ls", "effect", "--all", "--parseable"], consumerDirectory), "npm ls effect")
    const copies = new Set(listed.stdout.split("\n").filter((line) => line.trim() !== ""))
    expect([...copies]).toEqual([join(consumerDirectory, "node_modules", "effect")])
  })

  it("docs/library.md has the catalog, cart and accounts examples", () => {
    expect(examples.length).toBeGreaterThanOrEqual(3)
  })

  it("type-checks every example of docs/library.md and a client call against the installed declarations", async () => {
    const outcome = await run(process.execPath, [typescriptCompiler, "-p", "tsconfig.json"], consumerDirectory)
    expect(outcome.exitCode, describeFailure(outcome)).toBe(0)
    const client = await run(process.execPath, ["client.ts"], consumerDirectory)
    expect(client.stdout.trim(), describeFailure(client)).toBe("function")
  }, 120_000)

  it("runs every example of docs/library.md as written and prints what it says", async () => {
    for (const example of examples) {
      const outcome = await run(process.execPath, [example.file], consumerDirectory)
      expect(outcome.exitCode, `${example.file}: ${describeFailure(outcome)}`).toBe(0)
      expect(outcome.stdout.trimEnd().split("\n").at(-1), example.file).toBe(example.expected)
    }
  }, 120_000)

  it.each(["config/main", "domain/shared/ids", "library/security", "adapters/memory/memory-catalog-store"])(
    "exposes only the entries, not %s",
    async (path) => {
      const outcome = await run(process.execPath, ["--input-type=module", "--eval", `await import("storefront-service/${path}")`], consumerDirectory)
      expect(outcome.exitCode).not.toBe(0)
      expect(outcome.stderr).toContain("ERR_PACKAGE_PATH_NOT_EXPORTED")
    }
  )
})
