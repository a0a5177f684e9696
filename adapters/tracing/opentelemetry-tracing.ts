/**
 * OpenTelemetry tracing through `@effect/opentelemetry`: Effect's spans (the HTTP server span of
 * every request, the use cases' `Effect.fn` spans, SQL statements, password hashing, catalog
 * refreshes) become OpenTelemetry spans of one tracer provider, handed to a span processor.
 * In production the processor batches spans to an OTLP/HTTP collector (`otlpSpanProcessor`,
 * configured by the standard `OTEL_EXPORTER_OTLP_*` variables); tests give an in-memory one.
 *
 * The provider is the SDK's basic one: Effect carries the span context itself, so the Node
 * SDK's async-hooks context manager is not needed. Pending spans are flushed on shutdown.
 */
import * as OtelResource from "@effect/opentelemetry/Resource"
import * as OtelTracer from "@effect/opentelemetry/OtelTracer"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base"
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions"
import { Effect, Layer } from "effect"

const SHUTDOWN_TIMEOUT = "3 seconds"

const tracerProvider = (spanProcessor: SpanProcessor) =>
  Layer.effect(
    OtelTracer.OtelTracerProvider,
    Effect.gen(function*() {
      const resource = yield* OtelResource.Resource
      return yield* Effect.acquireRelease(
        Effect.sync(() => new BasicTracerProvider({ resource, spanProcessors: [spanProcessor] })),
        (provider) =>
          Effect.promise(() => provider.forceFlush().finally(() => provider.shutdown())).pipe(
            Effect.ignore,
            Effect.timeoutOption(SHUTDOWN_TIMEOUT)
          )
      )
    })
  )

/**
 * Installs the OpenTelemetry tracer as Effect's tracer. The resource comes from
 * `OTEL_RESOURCE_ATTRIBUTES` plus `service.name`.
 */
export const openTelemetryTracing = (options: {
  readonly serviceName: string
  readonly spanProcessor: SpanProcessor
}): Layer.Layer<OtelTracer.OtelTracer> =>
  OtelTracer.layer.pipe(
    Layer.provide(tracerProvider(options.spanProcessor)),
    Layer.provide(OtelResource.layerFromEnv({ [ATTR_SERVICE_NAME]: options.serviceName }))
  )

/**
 * Batches spans to the OTLP/HTTP endpoint: `OTEL_EXPORTER_OTLP_ENDPOINT` (+ `/v1/traces`) or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, with `OTEL_EXPORTER_OTLP_HEADERS` and the other
 * standard exporter variables, read by the exporter itself.
 */
export const otlpSpanProcessor = (): SpanProcessor => new BatchSpanProcessor(new OTLPTraceExporter())
