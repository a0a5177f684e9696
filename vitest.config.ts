import { configDefaults, defineConfig } from "vitest/config"

/**
 * Two projects, both run by `npm test`:
 * - fast: the domain's rules, the use cases and the contract suites over the memory adapters,
 *   and the adapters' own unit tests: no database, server, process or browser
 *   (`npm run test:fast`);
 * - slow: everything that starts something: the SQL adapters on PGlite and PostgreSQL, the
 *   import, the listing workers, the HTTP server, processes, the browser, database faults and
 *   the built library (`npm run test:slow`).
 * A test file is fast unless it matches SLOW, so every file runs in exactly one project.
 */
const SLOW = [
  "test/adapters/postgres-*.test.ts",
  "test/adapters/streaming-import.test.ts",
  "test/adapters/data-dir-lock.test.ts",
  "test/adapters/catalog-engine/workers/**/*.test.ts",
  "test/http/**/*.test.ts",
  "test/browser/**/*.test.ts",
  "test/faults/**/*.test.ts",
  "test/config/**/*.test.ts",
  "test/library/**/*.test.ts"
]

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances and servers are heavy; two cores on CI
    maxWorkers: 2,
    sequence: { concurrent: false },
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line
    reporters: process.env["CI"] ? ["default", ["json", { outputFile: ".ci/test-results.json" }]] : ["default"],
    projects: [
      { extends: true, test: { name: "fast", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...SLOW] } },
      { extends: true, test: { name: "slow", include: SLOW } }
    ]
  }
})
