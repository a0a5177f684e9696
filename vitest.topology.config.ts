import { defineConfig } from "vitest/config"

/**
 * `npm run test:topology`: the deployment suite (test/topology/*.topology.ts): a PostgreSQL
 * primary and replica, three instances and haproxy, started once per file. Kept out of
 * `npm test` (its files do not end in .test.ts) because it needs the PostgreSQL binaries,
 * haproxy and a few minutes.
 */
export default defineConfig({
  test: {
    include: ["test/topology/**/*.topology.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // one deployment at a time: each is five processes and two clusters on a two-core machine
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    reporters: process.env["CI"] ? ["default", ["json", { outputFile: ".ci/topology-results.json" }]] : ["default"]
  }
})
