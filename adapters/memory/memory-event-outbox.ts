/**
 * EventOutbox for the in-memory adapters: the events in the order they were published
 * (readable by tests through `published`). Nothing delivers them: the relay runs on the SQL adapter.
 */
import { Effect, Layer } from "effect"
import { type BackOfficeEvent, EventOutbox } from "../../application/notifications/event-outbox.ts"

export const makeMemoryEventOutbox = Effect.sync(() => {
  const events: Array<BackOfficeEvent> = []
  return {
    published: (): ReadonlyArray<BackOfficeEvent> => events,
    outbox: EventOutbox.of({ publish: (event) => Effect.sync(() => void events.push(event)) })
  }
})

export const layer = Layer.effect(EventOutbox, Effect.map(makeMemoryEventOutbox, (memory) => memory.outbox))
