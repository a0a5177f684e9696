/**
 * OpenTelemetry traces through the real server, with the SDK's in-memory exporter in place of
 * the OTLP one: a request produces its HTTP server span (method, route template, status) and,
 * inside the same trace, the spans of the use cases it ran; the bearer token never reaches a
 * span attribute.
 */
import { SpanKind } from "@opentelemetry/api"
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { assert, describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Schedule } from "effect"
import { openTelemetryTracing } from "../../adapters/tracing/opentelemetry-tracing.ts"
import { accountTestEngines, patchMe, registerCustomer } from "../support/account-http.ts"
import { testServer } from "../support/test-server.ts"

const serverSpanOf = (spans: ReadonlyArray<ReadableSpan>, method: string, route: string) =>
  spans.find((span) =>
    span.kind === SpanKind.SERVER && span.attributes["http.request.method"] === method &&
    span.attributes["http.route"] === route
  )

/** The spans are exported when they end, just after the response went out: wait for them, boundedly. */
const exportedServerSpan = (exporter: InMemorySpanExporter, method: string, route: string) =>
  Effect.suspend(() => {
    const span = serverSpanOf(exporter.getFinishedSpans(), method, route)
    return span === undefined ? Effect.fail("not exported yet" as const) : Effect.succeed(span)
  }).pipe(Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 300 }))

/** Whether `span` descends from `ancestor` through the recorded parents. */
const descendsFrom = (spans: ReadonlyArray<ReadableSpan>, span: ReadableSpan, ancestor: ReadableSpan): boolean => {
  const byId = new Map(spans.map((each) => [each.spanContext().spanId, each]))
  let current: ReadableSpan | undefined = span
  while (current !== undefined) {
    const parentId: string | undefined = current.parentSpanContext?.spanId
    if (parentId === ancestor.spanContext().spanId) return true
    current = parentId === undefined ? undefined : byId.get(parentId)
  }
  return false
}

for (const engine of accountTestEngines()) {
  const exporter = new InMemorySpanExporter()
  const tracing = openTelemetryTracing({ serviceName: "storefront-test", spanProcessor: new SimpleSpanProcessor(exporter) })

  layer(testServer(engine.stores).pipe(Layer.provide(tracing)), { excludeTestServices: true })(
    `OpenTelemetry traces (${engine.name})`,
    (it) => {
      describe("a request", () => {
        it.effect("produces the HTTP server span and the use-case spans inside its trace", () =>
          Effect.gen(function*() {
            const { tokens } = yield* registerCustomer()
            exporter.reset()
            const response = yield* patchMe(tokens.accessToken, { name: "Traced Customer" })
            expect(response.status).toBe(200)

            const server = yield* exportedServerSpan(exporter, "PATCH", "/v1/store/customers/me")
            expect(server.name).toBe("PATCH")
            expect(server.attributes["http.response.status_code"]).toBe(200)
            expect(server.attributes["url.path"]).toBe("/v1/store/customers/me")
            expect(server.resource.attributes["service.name"]).toBe("storefront-test")

            const spans = exporter.getFinishedSpans()
            const traceId = server.spanContext().traceId
            for (const name of ["Customer.updateProfile", "Customer.profileAsSeen"]) {
              const useCase = spans.find((span) => span.name === name)
              assert.isDefined(useCase, `no ${name} span among ${spans.map((span) => span.name).join(", ")}`)
              expect(useCase!.spanContext().traceId).toBe(traceId)
              expect(descendsFrom(spans, useCase!, server)).toBe(true)
            }

            // the bearer token is redacted from the recorded request headers
            const recorded = JSON.stringify(spans.map((span) => span.attributes))
            expect(recorded).not.toContain(tokens.accessToken)
          }))

        it.effect("a failed request's server span carries its status and route", () =>
          Effect.gen(function*() {
            exporter.reset()
            const response = yield* patchMe("not-a-token", { name: "Nobody" })
            expect(response.status).toBe(401)
            const server = yield* exportedServerSpan(exporter, "PATCH", "/v1/store/customers/me")
            expect(server.attributes["http.response.status_code"]).toBe(401)
            expect(spansNamed(exporter, "Customer.updateProfile")).toHaveLength(0)
          }))
      })
    }
  )
}

const spansNamed = (exporter: InMemorySpanExporter, name: string) =>
  exporter.getFinishedSpans().filter((span) => span.name === name)
