/**
 * Declaring the endpoints of a group whose errors are read from a problem table per endpoint
 * (problem-table.ts), keyed by the endpoint's name: each endpoint is given its name, path,
 * request and success schemas and its docs (operation-docs.ts), and declares as its errors the
 * problems of its own table; an endpoint without a table declares none. The table is named once
 * per group instead of once per endpoint, and no endpoint goes undocumented.
 *
 *   const endpoint = endpointsOf(authProblems)
 *   endpoint.post("login", "/auth/login", { payload: LoginBody, success: AuthResultView }, { summary, description, examples })
 */
import type { Schema } from "effect"
import type { HttpMethod, HttpRouter } from "effect/http"
import { HttpApiEndpoint, type HttpApiSchema } from "effect/http-api"
import { type ErrorListOf, problemsOf } from "../problems/problem-table.ts"
import { type OperationDocs, operationDocs } from "./operation-docs.ts"

type Fields = Schema.Top | Schema.Struct.Fields

export const endpointsOf = <Tables extends Readonly<Record<string, object>>>(tables: Tables) => {
  const endpoint = <Method extends HttpMethod.HttpMethod>(method: Method) =>
  <
    const Name extends string,
    const Path extends HttpRouter.PathInput,
    Params extends Fields = never,
    Query extends Fields = never,
    Payload extends HttpApiEndpoint.PayloadConstraintCodecs<Method> = never,
    Headers extends Fields = never,
    const Success extends HttpApiEndpoint.SuccessConstraint = HttpApiSchema.NoContent
  >(
    name: Name,
    path: Path,
    options: {
      readonly params?: Params
      readonly query?: Query
      readonly headers?: Headers
      readonly payload?: Payload
      readonly success?: Success
    },
    docs: OperationDocs
  ) =>
    HttpApiEndpoint.make(method)<Name, Path, Params, Query, Payload, Headers, Success, Name extends keyof Tables ? ErrorListOf<Tables[Name]> : never>(
      name,
      path,
      // the type argument above says what the list holds; the value cannot be checked against it generically
      { ...options, error: (Object.hasOwn(tables, name) ? problemsOf(tables[name]!) : undefined) as never }
    ).annotateMerge(operationDocs(docs))
  return { get: endpoint("GET"), post: endpoint("POST"), put: endpoint("PUT"), patch: endpoint("PATCH"), delete: endpoint("DELETE") }
}
