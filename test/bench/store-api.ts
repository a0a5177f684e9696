// A small HTTP client for the running server, used for discovery and shape setup hooks
// (creating customers, carts, ... through the public API before a measured run).
import type { BenchRequest } from "./shape.ts"

export const BENCH_PUBLISHABLE_KEY = "pk_all_0123456789abcdef"

export interface ApiResponse {
  readonly status: number
  readonly headers: Headers
  /** parsed JSON, or the text when the body is not JSON, or null when empty */
  readonly body: unknown
}

export interface StoreApi {
  readonly baseUrl: string
  /** headers every benchmark request carries (the publishable key) */
  readonly defaultHeaders: Readonly<Record<string, string>>
  /** any status is returned, not thrown */
  readonly request: (request: BenchRequest) => Promise<ApiResponse>
  /** GET expecting 2xx; throws with the status and body otherwise */
  readonly getJson: (path: string) => Promise<unknown>
}

const REQUEST_TIMEOUT_MS = 30_000

const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const makeStoreApi = (baseUrl: string, publishableKey = BENCH_PUBLISHABLE_KEY): StoreApi => {
  const defaultHeaders = { "x-publishable-api-key": publishableKey, accept: "application/json" }

  const request = async (req: BenchRequest): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...defaultHeaders, ...req.headers }
    const init: RequestInit = {
      method: req.method ?? "GET",
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)
    }
    if (req.body !== undefined) {
      headers["content-type"] = "application/json"
      init.body = JSON.stringify(req.body)
    }
    const res = await fetch(new URL(req.path, baseUrl), init)
    return { status: res.status, headers: res.headers, body: parseBody(await res.text()) }
  }

  const getJson = async (path: string): Promise<unknown> => {
    const res = await request({ path })
    if (res.status < 200 || res.status > 299) {
      throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
    }
    return res.body
  }

  return { baseUrl, defaultHeaders, request, getJson }
}
