/**
 * The route template a request matched (`/v1/store/products/:slug`, never the raw path), for
 * access-log lines and metric labels: the raw path would put ids and slugs into every series.
 * Built from the API definition and the system routes, as the router itself is.
 */
import { FindMyWay } from "effect/http"
import type { HttpApi, HttpApiGroup } from "effect/http-api"

/** The label of a request that matched no route (404): one series, whatever the path. */
export const UNMATCHED_ROUTE = "unmatched"

export type RouteTemplates = (method: string, url: string) => string

export type Route = readonly [method: string, path: `/${string}`]

/** Every route of the API and the system routes, as the router knows them. */
export interface RouteTable {
  /** The template of the route `method` and `path` match, if any. */
  readonly find: (method: string, path: string) => string | undefined
  /** Every method some route answers. */
  readonly methods: ReadonlySet<string>
}

export const routeTable = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  extraRoutes: ReadonlyArray<Route>
): RouteTable => {
  const router = FindMyWay.make<string>()
  const methods = new Set<string>()
  const register = (method: string, path: string) => {
    router.on(method, path as FindMyWay.PathInput, path)
    methods.add(method)
  }
  for (const group of Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>) {
    for (const endpoint of Object.values(group.endpoints)) register(endpoint.method, endpoint.path)
  }
  for (const [method, path] of extraRoutes) register(method, path)
  return { find: (method, path) => router.find(method, path)?.handler, methods }
}

export const routeTemplates = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  extraRoutes: ReadonlyArray<Route>
): RouteTemplates => {
  const routes = routeTable(api, extraRoutes)
  return (method, url) => {
    const path = url.split("?")[0]!
    const exact = routes.find(method === "HEAD" ? "GET" : method, path)
    if (exact !== undefined) return exact
    // a known path with another method (405) still names its route
    for (const other of routes.methods) {
      const match = routes.find(other, path)
      if (match !== undefined) return match
    }
    return UNMATCHED_ROUTE
  }
}
