import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances and servers are heavy; two cores on CI
    maxWorkers: 2,
    sequence: { concurrent: false },
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line
    reporters: process.env["CI"] ? ["default", ["json", { outputFile: ".ci/test-results.json" }]] : ["default"]
  }
})
