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

export const routeTemplates = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  extraRoutes: ReadonlyArray<readonly [method: string, path: `/${string}`]>
): RouteTemplates => {
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

  return (method, url) => {
    const path = url.split("?")[0]!
    const exact = router.find(method === "HEAD" ? "GET" : method, path)
    if (exact !== undefined) return exact.handler
    // a known path with another method (405) still names its route
    for (const other of methods) {
      const match = router.find(other, path)
      if (match !== undefined) return match.handler
    }
    return UNMATCHED_ROUTE
  }
}
