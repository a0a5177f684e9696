/** The current instant from Effect's Clock (a TestClock in tests), as a Date. */
import { Clock, Effect } from "effect"

export const currentTime: Effect.Effect<Date> = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))
