/**
 * The one harness of the store API's HTTP tests: a suite per engine over the real server, and a
 * caller (publishable key, client IP through the trusted proxy hop, bearer token, If-Match,
 * Idempotency-Key) sent by raw requests (for status codes, headers, bad input and problem bodies)
 * or by the typed client derived from the StorefrontApi definition (for the success bodies of
 * well-formed requests, which its declared schemas then decode).
 */
import { expect, layer, type Vitest } from "@effect/vitest"
import { type Effect, type Layer } from "effect"
import { HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { StorefrontApi } from "../../adapters/http/api/storefront-api.ts"
import { rawRequest, testServer } from "./test-server.ts"

export const SHOP_A_KEY = "pk_a"

export interface Caller {
  /** The publishable key; shop A's unless given. */
  readonly key?: string
  /** The client IP, sent as X-Forwarded-For (the account test servers trust one proxy hop). */
  readonly ip?: string
  readonly accessToken?: string
  readonly ifMatch?: string
  readonly idempotencyKey?: string
  /** Accept-Language (the language of the messages the request causes). */
  readonly acceptLanguage?: string
}

export const callerHeaders = (caller: Caller): Record<string, string> => ({
  "x-publishable-api-key": caller.key ?? SHOP_A_KEY,
  ...(caller.ip === undefined ? {} : { "x-forwarded-for": caller.ip }),
  ...(caller.accessToken === undefined ? {} : { authorization: `Bearer ${caller.accessToken}` }),
  ...(caller.ifMatch === undefined ? {} : { "if-match": caller.ifMatch }),
  ...(caller.idempotencyKey === undefined ? {} : { "idempotency-key": caller.idempotencyKey }),
  ...(caller.acceptLanguage === undefined ? {} : { "accept-language": caller.acceptLanguage })
})

export interface HttpResult {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly text: string
}

/** A raw request to `/v1/store${path}`; a body that is not a string is sent as JSON. */
export const storeRequest = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  caller: Caller = {}
): Effect.Effect<HttpResult, unknown, HttpClient.HttpClient> =>
  rawRequest(method, `/v1/store${path}`, {
    headers: { ...callerHeaders(caller), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
  })

/** The typed client derived from the API definition, sending the caller's headers. */
export const storeClient = (caller: Caller = {}) =>
  HttpApiClient.make(StorefrontApi, {
    transformClient: HttpClient.mapRequest((request) => HttpClientRequest.setHeaders(request, callerHeaders(caller)))
  })

/**
 * A typed client's answer in "decoded-and-response" mode: the status (and, but for 204, the JSON
 * content type) checked; the value its declared schema decoded.
 */
export const expectDecoded = <A>(
  [value, response]: readonly [A, HttpClientResponse.HttpClientResponse],
  status = 200
): A => {
  expect(response.status).toBe(status)
  if (status !== 204) expect(response.headers["content-type"]).toMatch(/^application\/json/)
  return value
}

/** A problem+json answer with this status and code (and a title). */
export const expectProblem = (
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: unknown },
  status: number,
  code: string
) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/)
  expect(response.body).toMatchObject({ status, code, type: `urn:storefront:error:${code}` })
  expect(typeof (response.body as { title: unknown }).title).toBe("string")
}

type ServerServices<Stores extends Layer.Any> = Layer.Success<
  ReturnType<typeof testServer<Layer.Success<Stores>, Layer.Error<Stores>, never>>
>

/** One suite per engine, `title (engine)`, over the real server on the engine's stores. */
export const serverSuites = <Engine extends { readonly name: string; readonly stores: Layer.Layer<any, any, never> }>(
  engines: ReadonlyArray<Engine>,
  title: string,
  body: (it: Vitest.MethodsNonLive<ServerServices<Engine["stores"]>>, engine: Engine) => void
) => {
  for (const engine of engines) {
    layer(testServer(engine.stores), { excludeTestServices: true })(`${title} (${engine.name})`, (it) => body(it, engine))
  }
}
