// The Storefront API from the browser through the typed client (storefront-client.js): base URL
// and publishable key from the page's query (?api=…&key=…, else this origin and the demo key),
// the signed-in customer's tokens kept in localStorage (refreshed once when the access token has
// expired), problems thrown as ApiError. Every call asks for the language the shopper chose
// (Accept-Language; products are named in Bangla where the catalog has a translation).
import { createStorefrontClient } from "./storefront-client.js"

const params = new URLSearchParams(location.search)
export const API_BASE = (params.get("api") ?? location.origin).replace(/\/$/, "")
export const PUBLISHABLE_KEY = params.get("key") ?? "pk_demo_main_storefront"

const storageKey = (name) => `storefront-demo:${API_BASE}:${PUBLISHABLE_KEY}:${name}`

export const stored = {
  get: (name) => {
    const text = localStorage.getItem(storageKey(name))
    return text === null ? undefined : JSON.parse(text)
  },
  set: (name, value) =>
    value === undefined ? localStorage.removeItem(storageKey(name)) : localStorage.setItem(storageKey(name), JSON.stringify(value))
}

/** The shopper's language: "en" or "bn", kept in localStorage. */
export const language = {
  get: () => (stored.get("language") === "bn" ? "bn" : "en"),
  set: (value) => stored.set("language", value === "bn" ? "bn" : undefined)
}

export class ApiError extends Error {
  constructor(status, problem) {
    const fields = (problem.errors ?? []).map((error) => `${error.path}: ${error.message}`).join("; ")
    super([problem.detail ?? problem.title ?? `HTTP ${status}`, fields].filter(Boolean).join(" — "))
    this.status = status
    this.code = problem.code
    this.problem = problem
  }
}

const queryValues = (values) =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ""))

const store = createStorefrontClient({
  baseUrl: API_BASE,
  publishableKey: PUBLISHABLE_KEY,
  accessToken: () => session.tokens?.accessToken
})

/** One call through the typed client: the parsed body (or problem) and the response. */
const send = async (method, path, options) => {
  const { data, error, response } = await store.request(method, `/v1/store${path}`, {
    params: { query: queryValues(options.query) },
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: { "accept-language": language.get(), ...options.headers }
  })
  return { response, body: data ?? error }
}

/** Tokens of the signed-in customer, or undefined. */
export const session = {
  get tokens() {
    return stored.get("tokens")
  },
  set tokens(tokens) {
    stored.set("tokens", tokens)
  }
}

const refreshTokens = async () => {
  const tokens = session.tokens
  if (tokens === undefined) return false
  const { response, body } = await send("POST", "/auth/refresh", { body: { refreshToken: tokens.refreshToken } })
  if (!response.ok) {
    session.tokens = undefined
    return false
  }
  session.tokens = body
  return true
}

/** Calls the API as the signed-in customer when there is one; returns the body and the response headers. */
export const call = async (method, path, options = {}) => {
  let { response, body } = await send(method, path, options)
  if (response.status === 401 && body?.code === "unauthorized" && session.tokens !== undefined && await refreshTokens()) {
    ;({ response, body } = await send(method, path, options))
  }
  if (!response.ok) throw new ApiError(response.status, body ?? {})
  return { body, etag: response.headers.get("etag"), requestId: response.headers.get("x-request-id") }
}

export const api = {
  get: async (path, queryValues) => (await call("GET", path, { query: queryValues })).body,
  getWith: async (path, headers) => (await call("GET", path, { headers })).body,
  post: async (path, body, headers) => (await call("POST", path, { body, headers })).body,
  put: async (path, body) => (await call("PUT", path, { body })).body,
  patch: async (path, body) => (await call("PATCH", path, { body })).body,
  delete: async (path) => (await call("DELETE", path)).body
}
