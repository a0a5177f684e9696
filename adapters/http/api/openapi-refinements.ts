/**
 * The OpenAPI document as a client generator needs it, from what the API definition already
 * says but the generator does not render:
 * - query parameters with their decoded types and bounds (`page` an integer ≥ 1, `includeFacets`
 *   a boolean) instead of the strings they travel as;
 * - the bearer token optional where the optional-auth middleware guards the route;
 * - a request body that may be absent (a payload union with `null`, as checkout's) not required;
 * - every problem response naming its codes, plus the problems the HTTP edge answers outside
 *   the endpoints (413, 415, 500, 503) in one `Problem` shape;
 * - the catalog's HTTP caching (representation/catalog-http-caching.ts): `If-None-Match`, the
 *   `ETag`, `Cache-Control` and `Vary` of a 200, and the 304 that answers a current ETag.
 */
import { Schema } from "effect"
import { HttpApi, type HttpApiGroup } from "effect/http-api"
import { PUBLISHABLE_KEY_HEADER } from "./publishable-key-middleware.ts"
import { CatalogApiGroup } from "./catalog-api-group.ts"
import { OptionalCustomerAuthMiddleware } from "./customer-auth.ts"
import {
  HeaderFieldsTooLarge,
  InternalError,
  MalformedRequest,
  PayloadTooLarge,
  RequestTimeout,
  ServiceUnavailable,
  type GenericProblem,
  UnsupportedMediaType
} from "../problems/generic-problems.ts"

type Json = Record<string, any>

interface EndpointFacts {
  readonly queryProperties: Json | undefined
  readonly optionalBearer: boolean
  /** Answered through the catalog's HTTP caching (every route of the catalog group). */
  readonly cacheable: boolean
}

const operationKey = (method: string, path: string) =>
  `${method.toLowerCase()} ${path.replace(/:(\w+)/g, "{$1}")}`

const endpointFacts = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): Map<string, EndpointFacts> => {
  const facts = new Map<string, EndpointFacts>()
  HttpApi.reflect(api, {
    onGroup() {},
    onEndpoint({ endpoint, group, middleware }) {
      const query = endpoint.query === undefined
        ? undefined
        : Schema.toJsonSchemaDocument(Schema.toType(endpoint.query)).schema["properties"] as Json | undefined
      facts.set(operationKey(endpoint.method, endpoint.path), {
        queryProperties: query,
        optionalBearer: [...middleware].some((service) => service.key === OptionalCustomerAuthMiddleware.key),
        cacheable: group.identifier === CatalogApiGroup.identifier
      })
    }
  })
  return facts
}

const PROBLEM_SCHEMA = {
  type: "object",
  description: "An RFC 9457 problem; `code` names the problem (docs/contract/errors.md)",
  properties: {
    type: { type: "string", examples: ["urn:storefront:error:service_unavailable"] },
    title: { type: "string" },
    status: { type: "integer", minimum: 400, maximum: 599 },
    code: { type: "string" },
    detail: { type: "string" }
  },
  required: ["type", "title", "status", "code"]
}

const genericProblemResponse = (problem: GenericProblem, description: string, headers?: Json) => ({
  description: `\`${problem.code}\`: ${description}`,
  ...(headers === undefined ? {} : { headers }),
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } }
})

/** The component the declared store outage (api/store-outage.ts) would add. */
const OUTAGE_SCHEMA = "ServiceUnavailableProblemEncoded"

const EDGE_RESPONSES: Json = {
  "408": genericProblemResponse(RequestTimeout, "the request's headers or body did not arrive in time"),
  "431": genericProblemResponse(HeaderFieldsTooLarge, "the request's header fields exceed Node's limit (16 KiB)"),
  "500": genericProblemResponse(InternalError, "an unexpected failure (a defect), never a bad request"),
  "503": genericProblemResponse(ServiceUnavailable, "the database does not answer; retry after `Retry-After` seconds", {
    "retry-after": { schema: { type: "integer", minimum: 1 }, description: "Seconds to wait before retrying", required: true }
  })
}

const IF_NONE_MATCH_PARAMETER = {
  name: "if-none-match",
  in: "header",
  required: false,
  description: "The `ETag` of a representation held: answered 304 without a body while it is current",
  schema: { type: "string" }
}

const CACHE_HEADERS: Json = {
  etag: { schema: { type: "string" }, description: "The representation: the catalog's generation and the request" },
  "cache-control": {
    schema: { type: "string" },
    description: "`public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`)"
  },
  vary: { schema: { type: "string" }, description: "`x-publishable-api-key, Accept-Encoding`" }
}

const NOT_MODIFIED_RESPONSE = {
  description: "Not modified: `If-None-Match` names the current `ETag`; no body",
  headers: CACHE_HEADERS
}

/** A catalog GET: its conditional request, the caching headers of its 200, its 304. */
const describeCatalogCaching = (operation: Json) => {
  operation["parameters"] = [...operation["parameters"] as Array<Json>, IF_NONE_MATCH_PARAMETER]
  const responses = operation["responses"] as Json
  const ok = responses["200"] as Json
  ok["headers"] = { ...ok["headers"], ...CACHE_HEADERS }
  responses["304"] = NOT_MODIFIED_RESPONSE
}

const BODY_RESPONSES: Json = {
  "413": genericProblemResponse(PayloadTooLarge, "the body exceeds the service's `MAX_BODY_BYTES`"),
  "415": genericProblemResponse(UnsupportedMediaType, "a body that is not `application/json`")
}

/** `code: title` for each problem schema a response may carry. */
const problemCodes = (spec: Json, schema: Json | undefined): Array<string> => {
  if (schema === undefined) return []
  const alternatives: Array<Json> = schema["anyOf"] ?? schema["oneOf"] ?? [schema]
  return alternatives.flatMap((alternative) => {
    const ref: unknown = alternative["$ref"]
    const resolved: Json | undefined = typeof ref === "string"
      ? spec["components"]["schemas"][ref.replace("#/components/schemas/", "")]
      : alternative
    const code: unknown = resolved?.["properties"]?.["code"]?.["enum"]?.[0]
    const title: unknown = resolved?.["properties"]?.["title"]?.["enum"]?.[0]
    return typeof code === "string" ? [`\`${code}\`${typeof title === "string" ? `: ${title}` : ""}`] : []
  })
}

/** Every route's 400 may also be `malformed_request`: bytes Node's HTTP parser refuses before routing. */
const declareMalformedRequest = (responses: Json) => {
  const generic = { $ref: "#/components/schemas/Problem" }
  const described = `\`${MalformedRequest.code}\`: ${MalformedRequest.title}, refused before routing`
  const badRequest: Json | undefined = responses["400"]
  if (badRequest === undefined) {
    responses["400"] = genericProblemResponse(MalformedRequest, "a request Node's HTTP parser refuses before routing")
    return
  }
  const content: Json = badRequest["content"] ?? (badRequest["content"] = {})
  const problem: Json | undefined = content["application/problem+json"]
  const schema: Json | undefined = problem?.["schema"]
  const alternatives: Array<Json> = schema === undefined ? [] : schema["anyOf"] ?? [schema]
  content["application/problem+json"] = { ...problem, schema: { anyOf: [...alternatives, generic] } }
  const before: unknown = badRequest["description"]
  badRequest["description"] = typeof before === "string" && before.length > 0 ? `${before}; ${described}` : described
}

const refineOperation = (spec: Json, operation: Json, facts: EndpointFacts | undefined) => {
  for (const parameter of operation["parameters"] as Array<Json>) {
    const typed: Json | undefined = parameter["in"] === "query" ? facts?.queryProperties?.[parameter["name"]] : undefined
    if (typed === undefined) continue
    // a description annotated on the parameter's schema describes the parameter
    const { description, ...schema } = typed
    parameter["schema"] = schema
    if (typeof description === "string") parameter["description"] = description
  }
  if (facts?.optionalBearer === true) {
    const withBearer = operation["security"] as Array<Json>
    const withoutBearer = withBearer.map(({ bearer: _bearer, ...rest }) => rest)
    operation["security"] = [...withBearer, ...withoutBearer]
  }
  const body = operation["requestBody"]
  if (body !== undefined) {
    for (const mediaType of Object.values(body["content"] as Json)) {
      const alternatives: Array<Json> | undefined = mediaType["schema"]["anyOf"]
      const present = alternatives?.filter((alternative) => alternative["type"] !== "null")
      if (alternatives === undefined || present === undefined || present.length === alternatives.length) continue
      body["required"] = false
      mediaType["schema"] = present.length === 1 ? present[0] : { anyOf: present }
    }
  }
  const responses = operation["responses"] as Json
  for (const response of Object.values(responses)) {
    const codes = problemCodes(spec, response["content"]?.["application/problem+json"]?.["schema"])
    if (codes.length > 0) response["description"] = `Problem codes: ${codes.join("; ")}`
  }
  declareMalformedRequest(responses)
  Object.assign(responses, body === undefined ? {} : BODY_RESPONSES, EDGE_RESPONSES)
  if (facts?.cacheable === true) describeCatalogCaching(operation)
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const

/** Applied to the generated document by the API's OpenApi `transform` annotation. */
export const refineOpenApiDocument = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  spec: Json
): Json => {
  const facts = endpointFacts(api)
  spec["components"]["schemas"]["Problem"] = PROBLEM_SCHEMA
  const schemes = spec["components"]["securitySchemes"] as Json
  for (const scheme of Object.values(schemes)) {
    if (scheme["type"] === "apiKey" && scheme["name"] === PUBLISHABLE_KEY_HEADER) {
      scheme["description"] = "The storefront's publishable key: which shops the requests see. Required on every route."
    }
    if (scheme["type"] === "http" && /^bearer$/i.test(scheme["scheme"])) {
      Object.assign(scheme, {
        scheme: "bearer",
        bearerFormat: "JWT",
        description: "A customer's access token (from register, login, refresh or an OTP login)"
      })
    }
  }
  for (const [path, item] of Object.entries(spec["paths"] as Json)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (operation !== undefined) refineOperation(spec, operation, facts.get(operationKey(method, path)))
    }
  }
  // every route's 503 is the generic Problem (EDGE_RESPONSES): the declared store outage's own schema is not referenced
  delete spec["components"]["schemas"][OUTAGE_SCHEMA]
  return spec
}
