/**
 * A refund in flight is claimed: `refund_claimed_until` is set, in a statement of its own, by
 * whoever is about to ask the gateway (the request that cancelled the order or settled a payment
 * the order could not take, or the payment job's retry), and only a claim that is absent or
 * expired can be taken. So one refund request reaches the gateway at a time; a claim left by a
 * crashed instance expires and the job retries it. After a failed or manual refund the claim is
 * pushed to the next retry's time, which doubles as the retry's backoff.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE payment_captures ADD COLUMN refund_claimed_until timestamptz`
})
