/**
 * `GET /metrics`: every metric of the process in the Prometheus text format (0.0.4): the HTTP
 * request families (http-metrics.ts) and, rendered by Effect's PrometheusMetrics, its metric
 * registry. Counters and histograms are recorded where things happen (HTTP requests:
 * access-log.ts; rate-limit rejections: the auth use cases);
 * the gauges are read at scrape time: the process's memory (resident, V8 heap, memory outside
 * the heap, under the names Prometheus's Node client gives them), the catalog read model's generation, size and lag, the
 * catalog replica's lag and whether the catalog is read from it (when there is one), each
 * background loop's health and restarts, and the outboxes' backlog (outbox-gauges.ts). Like
 * /health and /ready it needs no publishable key; operators keep it off the public internet
 * (docs/operations.md, Metrics).
 */
import { Effect, Layer, Metric } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { PrometheusMetrics } from "effect/observability"
import { countRateLimitRejection } from "../../../application/auth/rate-limit-guard.ts"
import { CatalogReadModel } from "../../../application/catalog/catalog-read-model.ts"
import { BackgroundLoops } from "../../../application/shared/background-loops.ts"
import { ReplicaHealth } from "../../../application/shared/replica-health.ts"
import { ALL_RATE_LIMIT_RULES } from "../../../domain/auth/rate-limit.ts"
import { renderHttpMetrics } from "./http-metrics.ts"
import { gauge, outboxBacklogOf, sampleOutboxGauges } from "./outbox-gauges.ts"

export const METRICS_PATH = "/metrics"

const catalogGeneration = gauge("storefront_catalog_generation", "Changes applied to the catalog read model's current index (starts over when reference data rebuilds it)")
const catalogProducts = gauge("storefront_catalog_products", "Products in the catalog read model")
const catalogLag = gauge("storefront_catalog_lag_seconds", "How far behind the database the catalog read model may be (time since its last successful refresh began)")
const replicaLag = gauge("storefront_replica_lag_seconds", "How far the catalog replica's replay is behind the primary (NaN while it does not answer)")
const replicaReads = gauge("storefront_catalog_reads_from_replica", "1 while the catalog read model reads from the replica, 0 while it reads from the primary")
const loopUp = gauge("storefront_background_loop_up", "1 when the background loop is healthy, 0 while it is starting or failing")
const loopRestarts = gauge("storefront_background_loop_restarts", "Restarts of the background loop since the process started")
const residentMemory = gauge("process_resident_memory_bytes", "Resident memory size of the process in bytes")
const heapUsed = gauge("nodejs_heap_size_used_bytes", "V8 heap in use in bytes")
const heapTotal = gauge("nodejs_heap_size_total_bytes", "V8 heap reserved in bytes")
const externalMemory = gauge("nodejs_external_memory_bytes", "Memory outside the V8 heap held by JavaScript objects (typed arrays, Buffers) in bytes")
const arrayBuffers = gauge("nodejs_array_buffers_bytes", "Memory of ArrayBuffers and SharedArrayBuffers (Buffers included) in bytes")

const RATE_LIMIT_ACTIONS = [...new Set(ALL_RATE_LIMIT_RULES.map((rule) => rule.action))]

export const layer = Layer.unwrap(Effect.gen(function*() {
  const readModel = yield* CatalogReadModel
  const loops = yield* BackgroundLoops
  const outbox = yield* outboxBacklogOf
  const replica = yield* Effect.serviceOption(ReplicaHealth)

  const sampleGauges = Effect.gen(function*() {
    const { search } = readModel.state()
    const memory = process.memoryUsage()
    yield* Metric.update(residentMemory, memory.rss)
    yield* Metric.update(heapUsed, memory.heapUsed)
    yield* Metric.update(heapTotal, memory.heapTotal)
    yield* Metric.update(externalMemory, memory.external)
    yield* Metric.update(arrayBuffers, memory.arrayBuffers)
    yield* Metric.update(catalogGeneration, search.generation)
    yield* Metric.update(catalogProducts, search.productCount)
    yield* Metric.update(catalogLag, (yield* readModel.lagMillis) / 1000)
    if (replica._tag === "Some") {
      const status = yield* replica.value.status
      yield* Metric.update(replicaLag, status.lagSeconds ?? Number.NaN)
      yield* Metric.update(replicaReads, status.readingFrom === "replica" ? 1 : 0)
    }
    for (const [loop, health] of Object.entries(yield* loops.health)) {
      yield* Metric.update(Metric.withAttributes(loopUp, { loop }), health.status === "ok" ? 1 : 0)
      yield* Metric.update(Metric.withAttributes(loopRestarts, { loop }), health.restarts)
    }
    // every action's series exists from the first scrape, at 0 until a request is refused
    for (const action of RATE_LIMIT_ACTIONS) yield* countRateLimitRejection(action, 0)
    yield* sampleOutboxGauges(outbox)
  })

  return HttpRouter.add(
    "GET",
    METRICS_PATH,
    Effect.gen(function*() {
      yield* sampleGauges
      return HttpServerResponse.text(renderHttpMetrics() + (yield* PrometheusMetrics.format()), {
        contentType: "text/plain; version=0.0.4; charset=utf-8"
      })
    })
  )
}))
