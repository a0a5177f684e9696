/**
 * The package `exports`: another Node project depends on this one (a file/link dependency) and
 * imports the compiled entries (catalog, cart, accounts, memory, postgres, client) by package
 * name only; nothing else is exported. The test builds
 * dist/ (incrementally, so it is never stale), creates a throwaway consumer project outside the
 * repository whose node_modules/storefront-service links to the repository, and there
 *  - runs a plain ESM script that imports a small catalog into the in-memory store and lists it
 *    (storefront-service/catalog over storefront-service/memory), reaches what the cart,
 *    accounts and postgres entries offer, and builds the typed fetch client (storefront-service/client);
 *  - type-checks the same program as TypeScript (NodeNext resolution, `types` conditions).
 */
import { spawn } from "node:child_process"
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
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

/** Runs a script on the Node running the tests (the pinned Node 24), collecting its output. */
const runNode = (args: ReadonlyArray<string>, cwd: string): Promise<ProcessOutcome> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (exitCode) => resolve({ exitCode, stdout, stderr }))
  })

const describeFailure = (outcome: ProcessOutcome): string =>
  `exit ${String(outcome.exitCode)}\n--- stdout\n${outcome.stdout}\n--- stderr\n${outcome.stderr}`

/**
 * The consumer program, free of type annotations so that it is valid JavaScript (consumer.mjs)
 * and TypeScript (consumer.ts) alike. It imports by package name only.
 */
const consumerProgram = `
import { Effect, References, Schema } from "effect"
import * as Catalog from "storefront-service/catalog"
import * as Memory from "storefront-service/memory"
import * as Cart from "storefront-service/cart"
import * as Accounts from "storefront-service/accounts"
import * as Postgres from "storefront-service/postgres"
import { createStorefrontClient } from "storefront-service/client"

const catalogDocument = {
  version: 1,
  shops: [{ id: "shop_demo", name: "Demo Shop", defaultZoneType: "outside_city" }],
  publishableKeys: [{ key: "pk_demo", shopIds: ["shop_demo"] }],
  products: [
    {
      slug: "woollen-scarf",
      name: "Woollen Scarf",
      shopIds: ["shop_demo"],
      createdAt: "2026-01-02T00:00:00.000Z",
      variants: [{ sku: "SCARF-1", originalPrice: 1200, stock: 5 }]
    },
    {
      slug: "cotton-tote",
      name: "Cotton Tote",
      shopIds: ["shop_demo"],
      createdAt: "2026-01-01T00:00:00.000Z",
      variants: [{ sku: "TOTE-1", originalPrice: 450.5, stock: 5 }]
    }
  ]
}

const decodeProduct = Schema.decodeUnknownSync(Schema.fromJsonString(Catalog.ProductView))

const importAndList = Effect.gen(function*() {
  const summary = yield* Catalog.importCatalog(catalogDocument)
  // The read model loads the catalog when it is built, so the service is provided after the import.
  const listing = yield* Catalog.listProducts({ page: 1, limit: 10, sortBy: "name", includeFacets: false }, ["shop_demo"]).pipe(
    Effect.provide(Catalog.layer({ pollInterval: "1 minute" }))
  )
  return {
    productsInserted: summary.products.inserted,
    total: listing.total,
    products: listing.documents.map((document) => {
      const view = decodeProduct(document)
      return { name: view.name, originalPrice: view.originalPrice }
    })
  }
}).pipe(
  Effect.provide(Memory.catalogStores),
  Effect.provideService(References.MinimumLogLevel, "Warn")
)

// The other entries: what each capability offers is there (their layers are built by services of their own).
const entries = {
  cart: [typeof Cart.layer, typeof Cart.CartService, typeof Cart.CartId.make],
  accounts: [typeof Accounts.layer, typeof Accounts.accountSecurity],
  memory: [typeof Memory.memoryAccountStores, typeof Memory.memoryBuyingStores, typeof Memory.MemoryProductSearch.layer],
  postgres: [typeof Postgres.Database.layer, typeof Postgres.Migrations.layer, typeof Postgres.postgresAccountStores]
}

// The typed fetch client: built, not called (no server here); its calls are type-checked.
const store = createStorefrontClient({ baseUrl: "http://127.0.0.1:3000", publishableKey: "pk_demo" })
const cheapestFirst = () =>
  store.GET("/v1/store/products", { params: { query: { sortBy: "price", limit: 1 } } })
    .then(({ data }) => data === undefined ? undefined : data.data[0]?.originalPrice)

console.log(JSON.stringify({ ...(await Effect.runPromise(importAndList)), client: typeof cheapestFirst, entries }))
`

const consumerTypeScriptConfig = {
  compilerOptions: {
    target: "ES2024",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2024", "DOM"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true
  },
  files: ["consumer.ts"]
}

describe("package exports (a consumer project importing by package name)", () => {
  let consumerDirectory = ""

  beforeAll(async () => {
    const build = await runNode([typescriptCompiler, "-p", "tsconfig.build.json"], repositoryRoot)
    if (build.exitCode !== 0) throw new Error(`npm run build failed: ${describeFailure(build)}`)

    consumerDirectory = await mkdtemp(join(tmpdir(), "storefront-consumer-"))
    const nodeModules = join(consumerDirectory, "node_modules")
    await mkdir(nodeModules)
    await symlink(repositoryRoot, join(nodeModules, "storefront-service"), "dir")
    // The consumer's own `effect` is the very copy the library resolves, as a deduplicated install gives.
    await symlink(join(repositoryRoot, "node_modules", "effect"), join(nodeModules, "effect"), "dir")
    await writeFile(
      join(consumerDirectory, "package.json"),
      JSON.stringify({ name: "storefront-consumer", private: true, type: "module" }, null, 2)
    )
    await writeFile(join(consumerDirectory, "consumer.mjs"), consumerProgram)
    await writeFile(join(consumerDirectory, "consumer.ts"), consumerProgram)
    await writeFile(join(consumerDirectory, "tsconfig.json"), JSON.stringify(consumerTypeScriptConfig, null, 2))
  }, 180_000)

  afterAll(async () => {
    if (consumerDirectory !== "") await rm(consumerDirectory, { recursive: true, force: true })
  })

  it("runs a catalog use case on the memory adapters from compiled JavaScript", async () => {
    const outcome = await runNode(["consumer.mjs"], consumerDirectory)
    expect(outcome.exitCode, describeFailure(outcome)).toBe(0)
    expect(JSON.parse(outcome.stdout)).toEqual({
      productsInserted: 2,
      total: 2,
      products: [
        { name: "Cotton Tote", originalPrice: 450.5 },
        { name: "Woollen Scarf", originalPrice: 1200 }
      ],
      client: "function",
      entries: {
        cart: ["object", "function", "function"],
        accounts: ["object", "function"],
        memory: ["function", "object", "function"],
        postgres: ["function", "object", "function"]
      }
    })
  })

  it("type-checks the same program against the published declarations", async () => {
    const outcome = await runNode([typescriptCompiler, "-p", "tsconfig.json"], consumerDirectory)
    expect(outcome.exitCode, describeFailure(outcome)).toBe(0)
  }, 120_000)

  it.each(["config/main", "domain/shared/ids", "application/catalog/catalog-service", "adapters/memory/memory-catalog-store"])(
    "exposes only the entries, not %s",
    async (path) => {
      const outcome = await runNode(["--input-type=module", "--eval", `await import("storefront-service/${path}")`], consumerDirectory)
      expect(outcome.exitCode).not.toBe(0)
      expect(outcome.stderr).toContain("ERR_PACKAGE_PATH_NOT_EXPORTED")
    }
  )
})
