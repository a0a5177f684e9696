import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts"

describe("throwaway PostgreSQL cluster", () => {
  let pg: ThrowawayPostgres
  beforeAll(async () => { pg = await startThrowawayPostgres() })
  afterAll(() => pg?.destroy())

  it("keeps committed data across an immediate crash and refuses connections while down", () => {
    pg.psql("CREATE TABLE kept (n int)")
    pg.psql("INSERT INTO kept VALUES (1)")
    pg.crash()
    expect(() => pg.psql("SELECT 1")).toThrow()
    pg.start()
    expect(pg.psql("SELECT count(*) FROM kept")).toBe("1")
    pg.crashRestart()
    expect(pg.psql("SELECT n FROM kept")).toBe("1")
  })
})
