/**
 * What the OpenAPI document says about one operation beyond its schemas: a summary, a
 * description and examples (path and query parameters, the request body, the success body).
 * Attached to an endpoint with `.annotateMerge(operationDocs({...}))`, or given to `endpointsOf`
 * (documented-endpoint.ts) with the endpoint; the examples are checked against the endpoint's own
 * schemas in test/http/openapi-document.test.ts.
 */
import type { Context } from "effect"
import { OpenApi } from "effect/http-api"

export interface OperationExamples {
  /** Path parameters by name, as they appear in the path. */
  readonly params?: Readonly<Record<string, string>>
  /** Query parameters by name, with their decoded types (numbers and booleans as such). */
  readonly query?: Readonly<Record<string, unknown>>
  /** The JSON request body. */
  readonly request?: unknown
  /** The JSON body of the success response. */
  readonly response?: unknown
}

export interface OperationDocs {
  readonly summary: string
  readonly description: string
  readonly examples: OperationExamples
}

type Json = Record<string, any>

const JSON_MEDIA_TYPES = ["application/json"]

const withParameterExamples = (operation: Json, examples: Readonly<Record<string, unknown>> | undefined, place: string) => {
  if (examples === undefined) return
  for (const parameter of operation["parameters"] as Array<Json>) {
    if (parameter["in"] === place && Object.hasOwn(examples, parameter["name"])) {
      parameter["example"] = examples[parameter["name"]]
    }
  }
}

const withContentExample = (holder: Json | undefined, example: unknown) => {
  if (holder === undefined || example === undefined) return
  for (const mediaType of JSON_MEDIA_TYPES) {
    const content = holder["content"]?.[mediaType]
    if (content !== undefined) content["example"] = example
  }
}

/** The success response: the lowest 2xx status of the operation. */
const successResponse = (operation: Json): Json | undefined => {
  const status = Object.keys(operation["responses"]).filter((code) => code.startsWith("2")).sort()[0]
  return status === undefined ? undefined : operation["responses"][status]
}

export const operationDocs = (docs: OperationDocs): Context.Context<never> =>
  OpenApi.annotations({
    summary: docs.summary,
    description: docs.description,
    transform: (operation) => {
      withParameterExamples(operation, docs.examples.params, "path")
      withParameterExamples(operation, docs.examples.query, "query")
      withContentExample(operation["requestBody"], docs.examples.request)
      withContentExample(successResponse(operation), docs.examples.response)
      return operation
    }
  })
