/**
 * The fuzzer (issue 9): requests derived from the service's own /openapi.json for every
 * operation, broken in every way test/support/fuzz/openapi-requests.ts knows, sent through the
 * real server on each engine. No answer may be a 5xx, and every 4xx must be problem+json whose
 * `status` matches and whose `code` is one the service declares. Bounded and seeded:
 * FUZZ_SEED picks the run (printed on failure, random when unset), FUZZ_REQUESTS its length.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { registerCustomer } from "../support/account-http.ts"
import { BOTH_SHOPS_KEY, buyingTestEngines, createCart, SHOP_A_KEY, SHOP_B_KEY } from "../support/cart-http.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"
import { type FuzzRequest, makeFuzzer, type OpenApiDocument } from "../support/fuzz/openapi-requests.ts"

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500)

/** Codes answered by the edge itself (routing, body parsing, limits), not by an operation. */
const EDGE_CODES = [
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "invalid_json",
  "validation_failed",
  "rate_limited",
  "unauthorized",
  "publishable_key_required",
  "publishable_key_invalid",
  "header_fields_too_large",
  "request_timeout",
  "malformed_request"
]

/** Every `code` the document declares for some problem response. */
const declaredCodes = (document: OpenApiDocument): ReadonlySet<string> => {
  const codes = new Set(EDGE_CODES)
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    for (const code of (schema.properties?.code?.enum ?? [])) if (typeof code === "string") codes.add(code)
  }
  return codes
}

interface Finding {
  readonly request: FuzzRequest
  readonly status: number
  readonly why: string
  readonly text: string
}

const send = (request: FuzzRequest) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let outgoing = HttpClientRequest.make(request.method as "GET")(request.path, { headers: request.headers })
    if (request.body !== undefined) {
      outgoing = HttpClientRequest.bodyText(outgoing, request.body, request.headers["content-type"] ?? "application/json")
    }
    const response = yield* client.execute(outgoing)
    const text = yield* response.text
    return { status: response.status, contentType: response.headers["content-type"] ?? "", text }
  })

const judge = (codes: ReadonlySet<string>, request: FuzzRequest, answer: { status: number; contentType: string; text: string }): Finding | undefined => {
  const finding = (why: string): Finding => ({ request, status: answer.status, why, text: answer.text.slice(0, 300) })
  if (answer.status === 0) return finding("no answer")
  if (answer.status >= 500) return finding("5xx")
  if (answer.status < 400) return undefined
  if (!answer.contentType.startsWith("application/problem+json")) return finding(`4xx with content-type ${answer.contentType}`)
  let problem: { status?: unknown; code?: unknown }
  try {
    problem = JSON.parse(answer.text)
  } catch {
    return finding("4xx body is not JSON")
  }
  if (problem.status !== answer.status) return finding(`problem status ${String(problem.status)}`)
  if (typeof problem.code !== "string" || !codes.has(problem.code)) return finding(`unknown code ${String(problem.code)}`)
  return undefined
}

const report = (findings: ReadonlyArray<Finding>) =>
  findings.slice(0, 8).map((f) =>
    `${f.status} ${f.why}: ${f.request.method} ${f.request.path.slice(0, 200)} [${f.request.mutation}] -> ${f.text}`
  ).join("\n")

serverSuites(buyingTestEngines(), "OpenAPI-derived fuzzing", (it) => {
  describe("no hostile request gets a 5xx; every 4xx is problem+json with a declared code", () => {
    it.effect(`${REQUESTS} requests, seed ${SEED}`, () =>
      Effect.gen(function*() {
        const document = (yield* rawRequest("GET", "/openapi.json")).body as OpenApiDocument
        const codes = declaredCodes(document)
        const customer = yield* registerCustomer()
        const cart = yield* createCart({})
        const variant = yield* fixtureVariant("FIX-6-1")
        const fuzzer = makeFuzzer(document, {
          knownIds: [cart.cart.id, variant.variant.id, variant.product.id, customer.customerId],
          publishableKeys: [SHOP_A_KEY, SHOP_B_KEY, BOTH_SHOPS_KEY],
          accessTokens: [customer.tokens.accessToken]
        }, SEED)
        expect(fuzzer.operations.length).toBeGreaterThan(20)

        const requests = Array.from({ length: REQUESTS }, () => fuzzer.next())
        const findings: Array<Finding> = []
        const statuses = new Map<number, number>()
        yield* Effect.forEach(requests, (request) =>
          send(request).pipe(
            Effect.catch((error) => Effect.succeed({ status: 0, contentType: "", text: `no answer: ${String(error)}` })),
            Effect.map((answer) => {
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
            const finding = judge(codes, request, answer)
            if (finding !== undefined) findings.push(finding)
          })
          ), { concurrency: 8, discard: true })

        expect(findings, `FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}\n${report(findings)}`).toEqual([])
        // The run reached past the edge: some requests succeeded, some failed validation.
        expect(statuses.get(400) ?? 0).toBeGreaterThan(0)
        expect([...statuses.keys()].some((status) => status < 300)).toBe(true)
      }), 120_000)
  })
})
