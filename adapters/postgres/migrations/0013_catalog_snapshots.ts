/**
 * Catalog snapshots (application/catalog/catalog-snapshots.ts): the read model's index as bytes,
 * in pieces of a few megabytes, stored by the instance that built it so that later starts read
 * it. A snapshot is written incomplete and marked complete at the end; the partial unique index
 * lets one writer at a time hold an incomplete one. Pieces are compressed already: EXTERNAL
 * storage keeps PostgreSQL from trying again.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE catalog_snapshots (
    id bigserial PRIMARY KEY,
    format text NOT NULL,
    reference_key text NOT NULL,
    change_cursor text NOT NULL,
    products integer NOT NULL,
    pieces integer NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    complete boolean NOT NULL DEFAULT false,
    started_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
  )`
  yield* sql`CREATE UNIQUE INDEX catalog_snapshots_one_writer ON catalog_snapshots ((true)) WHERE NOT complete`
  yield* sql`CREATE TABLE catalog_snapshot_pieces (
    snapshot_id bigint NOT NULL REFERENCES catalog_snapshots (id) ON DELETE CASCADE,
    piece integer NOT NULL,
    bytes bytea NOT NULL,
    PRIMARY KEY (snapshot_id, piece)
  )`
  yield* sql`ALTER TABLE catalog_snapshot_pieces ALTER COLUMN bytes SET STORAGE EXTERNAL`
})
