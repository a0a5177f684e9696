/**
 * The OpenAPI document (served at /openapi.json, and the source of the typed client) says what a
 * client generator needs: every operation has a summary, a description and examples that decode
 * with the operation's own schemas; money is a plain number; query parameters carry their
 * decoded types and bounds; checkout's body and the cart routes' bearer token are optional;
 * every problem response names its codes; the catalog's GETs declare their HTTP caching.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { HttpApi, type HttpApiEndpoint, OpenApi } from "effect/http-api"
import { StorefrontApi } from "../../adapters/http/api/storefront-api.ts"

type Json = Record<string, any>

const document = OpenApi.fromApi(StorefrontApi) as unknown as Json
const METHODS = ["get", "put", "post", "delete", "patch"]

const operations: Array<{ readonly key: string; readonly operation: Json }> = Object.entries(document["paths"] as Json)
  .flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ key: `${method} ${path}`, operation: item[method] }))
  )

const operationAt = (method: string, path: string): Json => document["paths"][`/v1/store${path}`][method]

const parameter = (operation: Json, name: string): Json => operation["parameters"].find((p: Json) => p["name"] === name)

const endpoints: Array<{ readonly key: string; readonly endpoint: HttpApiEndpoint.Top }> = []
HttpApi.reflect(StorefrontApi, {
  onGroup() {},
  onEndpoint({ endpoint }) {
    endpoints.push({ key: `${endpoint.method.toLowerCase()} ${endpoint.path.replace(/:(\w+)/g, "{$1}")}`, endpoint })
  }
})

const decodes = (schema: Schema.Top, value: unknown): boolean =>
  Schema.decodeUnknownResult(schema as unknown as Schema.Codec<unknown, unknown>)(value)._tag === "Success"

/** Whether a JSON value decodes with the JSON codec of a declared schema. */
const decodesWith = (schema: Schema.Top, value: unknown): boolean => decodes(Schema.toCodecJson(schema), value)

const jsonExample = (holder: Json | undefined): unknown => holder?.["content"]?.["application/json"]?.["example"]

describe("the OpenAPI document", () => {
  it("documents every operation with a summary, a description and at least one example", () => {
    expect(operations.length).toBe(endpoints.length)
    for (const { key, operation } of operations) {
      expect(operation["summary"], key).toMatch(/\w{3}/)
      expect(operation["description"], key).toMatch(/\w{3}.{20}/)
      const examples = [
        ...operation["parameters"].filter((p: Json) => p["example"] !== undefined),
        ...[jsonExample(operation["requestBody"]), ...Object.values(operation["responses"] as Json).map(jsonExample)]
          .filter((example) => example !== undefined)
      ]
      expect(examples.length, key).toBeGreaterThan(0)
    }
  })

  it("has examples that decode with the operation's own schemas", () => {
    for (const { key, endpoint } of endpoints) {
      const operation = document["paths"][key.slice(key.indexOf(" ") + 1)][key.slice(0, key.indexOf(" "))]
      const examplesIn = (place: string) =>
        Object.fromEntries(
          operation["parameters"].filter((p: Json) => p["in"] === place && p["example"] !== undefined)
            .map((p: Json) => [p["name"], p["example"]])
        )
      // path parameters travel as strings (the codec); query examples are written decoded (the type)
      const pathExamples = examplesIn("path")
      if (endpoint.params !== undefined && Object.keys(pathExamples).length > 0) {
        expect(decodes(endpoint.params, pathExamples), key).toBe(true)
      }
      if (endpoint.query !== undefined) expect(decodes(Schema.toType(endpoint.query), examplesIn("query")), key).toBe(true)
      const request = jsonExample(operation["requestBody"])
      if (request !== undefined) {
        const payloads = [...endpoint.payload.values()].flatMap((entry) => "schemas" in entry ? entry.schemas : [])
        expect(payloads.some((schema) => decodesWith(schema, request)), key).toBe(true)
      }
      for (const [status, response] of Object.entries(operation["responses"] as Json)) {
        const example = jsonExample(response)
        if (example === undefined) continue
        expect(status, key).toMatch(/^2/)
        expect([...endpoint.success].some((schema) => decodesWith(schema, example)), key).toBe(true)
      }
    }
  })

  it("renders money as plain numbers: no number anywhere admits the strings of non-finite values", () => {
    expect(JSON.stringify(document)).not.toMatch(/Infinity|NaN/)
    const cart = document["components"]["schemas"]["Cart"]["properties"]
    expect(cart["total"]).toEqual({ type: "number" })
    expect(document["components"]["schemas"]["Product"]["properties"]["originalPrice"]).toEqual({ type: "number" })
  })

  it("types query parameters as they are decoded, with their bounds and descriptions", () => {
    const listing = operationAt("get", "/products")
    expect(parameter(listing, "page")["schema"]).toMatchObject({ type: "integer", minimum: 1 })
    expect(parameter(listing, "limit")["schema"]).toEqual({ type: "integer", minimum: 1, maximum: 100 })
    expect(parameter(listing, "minPrice")["schema"]).toEqual({ type: "number", minimum: 0 })
    expect(parameter(listing, "includeFacets")["schema"]).toEqual({ type: "boolean" })
    expect(parameter(listing, "sortBy")["schema"]["enum"]).toContain("price")
    expect(parameter(listing, "attributes")["description"]).toContain("key:v1|v2")
    expect(parameter(listing, "includeFacets")["description"]).toContain("facets")
    expect(parameter(operationAt("get", "/customers/me/orders"), "limit")["schema"]).toMatchObject({ type: "integer", maximum: 50 })
  })

  it("declares checkout's body optional and the bearer token optional on cart routes only", () => {
    const checkout = operationAt("post", "/cart/{cartId}/checkout")
    expect(checkout["requestBody"]["required"]).toBe(false)
    for (const path of ["/cart", "/cart/{cartId}/checkout", "/auth/otp/request"]) {
      const security = document["paths"][`/v1/store${path}`]["post"]["security"]
      expect(security, path).toContainEqual({ publishableKey: [] })
      expect(security, path).toContainEqual({ publishableKey: [], bearer: [] })
    }
    expect(operationAt("get", "/customers/me")["security"]).toEqual([{ bearer: [], publishableKey: [] }])
    expect(operationAt("get", "/products")["security"]).toEqual([{ publishableKey: [] }])
    expect(operationAt("post", "/auth/register")["requestBody"]["required"]).toBe(true)
  })

  it("declares forgot-password's 202 body as an empty object", () => {
    const accepted = operationAt("post", "/auth/forgot-password")["responses"]["202"]["content"]["application/json"]["schema"]
    expect(accepted).toEqual({ $ref: "#/components/schemas/Accepted" })
    expect(document["components"]["schemas"]["Accepted"]).toMatchObject({ type: "object", additionalProperties: false })
  })

  it("names the problem codes of every error response, the edge's included", () => {
    for (const { key, operation } of operations) {
      for (const [status, response] of Object.entries(operation["responses"] as Json)) {
        if (!/^[45]/.test(status)) continue
        expect(response["description"], `${key} ${status}`).toMatch(/`[a-z_]+`/)
        expect(Object.keys(response["content"]), `${key} ${status}`).toEqual(["application/problem+json"])
      }
      expect(Object.keys(operation["responses"]), key).toEqual(expect.arrayContaining(["400", "401", "408", "431", "500", "503"]))
      // what Node refuses before routing can reach any route
      expect(operation["responses"]["400"]["description"], key).toContain("`malformed_request`")
      expect(operation["responses"]["431"]["description"], key).toContain("`header_fields_too_large`")
    }
    expect(operationAt("post", "/customers/me/addresses")["responses"]["422"]["description"]).toContain("`address_limit_reached`")
    for (const [method, path] of [["patch", "/customers/me/addresses/{addressId}"], ["put", "/cart/{cartId}/shipping-address"]]) {
      expect(operationAt(method!, path!)["responses"]["404"]["description"]).toContain("`address_not_found`")
    }
    expect(operationAt("post", "/auth/otp/request")["responses"]["403"]["description"]).toContain("`email_verification_required`")
    const addItem = operationAt("post", "/cart/{cartId}/items")["responses"]
    expect(addItem["409"]["description"]).toContain("`insufficient_stock`")
    expect(addItem["413"]["description"]).toContain("`payload_too_large`")
    expect(addItem["503"]["headers"]["retry-after"]["required"]).toBe(true)
    expect(operationAt("get", "/products")["responses"]["400"]["description"]).toContain("`validation_failed`")
  })

  it("declares the catalog's HTTP caching on its GETs only: If-None-Match, the 200's caching headers, the 304", () => {
    const catalogPaths = ["/products", "/products/suggest", "/products/by-slug/{slug}", "/categories", "/categories/by-slug/{slug}", "/shop/shipping-methods"]
    for (const path of catalogPaths) {
      const operation = operationAt("get", path)
      expect(parameter(operation, "if-none-match"), path).toMatchObject({ in: "header", required: false })
      expect(Object.keys(operation["responses"]["200"]["headers"]), path).toEqual(expect.arrayContaining(["etag", "cache-control", "vary"]))
      expect(operation["responses"]["304"], path).toBeDefined()
      expect(operation["responses"]["304"]["content"], path).toBeUndefined()
    }
    const cacheable = operations.filter(({ operation }) => operation["responses"]["304"] !== undefined).map(({ key }) => key)
    expect(cacheable.sort()).toEqual(catalogPaths.map((path) => `get /v1/store${path}`).sort())
  })
})
