/**
 * The demo shop page (adapters/http/demo-shop/): plain HTML, CSS and ES modules that call the
 * API from the browser, served at `/` and `/demo-shop/<file>` when the service runs as the demo
 * (the embedded database). The files are read once when the layer is built; only the listed
 * files are served, and `openapi-fetch` (the typed client's transport, a dependency) beside them
 * for storefront-client.js, the typed client as the page loads it (npm run client:generate). The page's Content-Security-Policy lets it load nothing but its own files
 * and call nothing but an API over http(s).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"

const DIRECTORY = join(import.meta.dirname, "demo-shop")

const MEDIA_TYPES = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8"
} as const

const ASSETS = [
  "shop.js",
  "api.js",
  "storefront-client.js",
  "dom.js",
  "catalog-view.js",
  "cart-view.js",
  "account-view.js",
  "payment-view.js",
  "reset-password-view.js",
  "search-view.js",
  "tracking-view.js",
  "shop.css"
] as const

/** openapi-fetch's ES module build, which storefront-client.js imports as ./openapi-fetch.js. */
const OPENAPI_FETCH = fileURLToPath(import.meta.resolve("openapi-fetch"))

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "connect-src 'self' http: https:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/** The page reset links open by default (config/app-config.ts `resetUrlBase`): the shop's reset form. */
export const RESET_PASSWORD_PATH = "/reset-password"

export const DEMO_SHOP_ROUTES = [
  ["GET", "/"],
  ["GET", RESET_PASSWORD_PATH],
  ...ASSETS.map((file) => ["GET", `/demo-shop/${file}`] as const),
  ["GET", "/demo-shop/openapi-fetch.js"]
] as const

const mediaTypeOf = (file: string) => MEDIA_TYPES[file.slice(file.lastIndexOf(".") + 1) as keyof typeof MEDIA_TYPES]

const serveFile = (path: `/${string}`, file: string, headers: Record<string, string> = {}) =>
  Layer.unwrap(Effect.sync(() => {
    const text = readFileSync(file.startsWith("/") ? file : join(DIRECTORY, file), "utf8")
    const response = HttpServerResponse.text(text, {
      contentType: mediaTypeOf(file),
      headers: { "cache-control": "no-cache", "x-content-type-options": "nosniff", ...headers }
    })
    return HttpRouter.add("GET", path, Effect.succeed(response))
  }))

export const layer = Layer.mergeAll(
  serveFile("/", "index.html", { "content-security-policy": CONTENT_SECURITY_POLICY }),
  serveFile(RESET_PASSWORD_PATH, "index.html", { "content-security-policy": CONTENT_SECURITY_POLICY }),
  ...ASSETS.map((file) => serveFile(`/demo-shop/${file}`, file)),
  serveFile("/demo-shop/openapi-fetch.js", OPENAPI_FETCH)
)
