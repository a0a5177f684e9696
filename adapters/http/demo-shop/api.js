// The Storefront API from the browser: base URL and publishable key from the page's query
// (?api=…&key=…, else this origin and the demo key), the signed-in customer's tokens kept in
// localStorage (refreshed once when the access token has expired), problems thrown as ApiError.

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

export class ApiError extends Error {
  constructor(status, problem) {
    const fields = (problem.errors ?? []).map((error) => `${error.path}: ${error.message}`).join("; ")
    super([problem.detail ?? problem.title ?? `HTTP ${status}`, fields].filter(Boolean).join(" — "))
    this.status = status
    this.code = problem.code
    this.problem = problem
  }
}

const query = (values) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value))
  }
  const text = search.toString()
  return text === "" ? "" : `?${text}`
}

const send = async (method, path, options, accessToken) => {
  const headers = { "x-publishable-api-key": PUBLISHABLE_KEY, ...options.headers }
  if (options.body !== undefined) headers["content-type"] = "application/json"
  if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`
  const response = await fetch(`${API_BASE}/v1/store${path}${query(options.query)}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body)
  })
  const text = await response.text()
  const body = text === "" ? undefined : JSON.parse(text)
  return { response, body }
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
  let { response, body } = await send(method, path, options, session.tokens?.accessToken)
  if (response.status === 401 && body?.code === "unauthorized" && session.tokens !== undefined && await refreshTokens()) {
    ;({ response, body } = await send(method, path, options, session.tokens?.accessToken))
  }
  if (!response.ok) throw new ApiError(response.status, body ?? {})
  return { body, etag: response.headers.get("etag"), requestId: response.headers.get("x-request-id") }
}

export const api = {
  get: async (path, queryValues) => (await call("GET", path, { query: queryValues })).body,
  post: async (path, body, headers) => (await call("POST", path, { body, headers })).body,
  put: async (path, body) => (await call("PUT", path, { body })).body,
  patch: async (path, body) => (await call("PATCH", path, { body })).body,
  delete: async (path) => (await call("DELETE", path)).body
}
