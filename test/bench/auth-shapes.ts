// Account shapes of `npm run bench`: logins at a fixed 40/s (the target: login p99 <= 100 ms) with
// the catalog listing running alongside at a fixed rate, and the same listing alone as its
// baseline (under the login load its p99 must stay within 2x of it).
import type { BenchRequest, Shape, ShapeContext } from "./shape.ts"

const LOGIN_ACCOUNTS = 20
const LOGIN_PASSWORD = "bench-login-passphrase-7"
export const LOGINS_PER_SECOND = 40
export const LISTING_RATE = 200
const LISTING_PATH = `/v1/store/products?${new URLSearchParams({ includeFacets: "true" }).toString()}`

const accountEmail = (i: number) => `bench-login-${i}@example.com`

/**
 * The address account `i` registers from (198.18.0.0/15 is reserved for benchmarks). The bench
 * server trusts one proxy hop, so each registration counts against its own client's limit.
 */
export const benchClientAddress = (i: number): string => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`

/**
 * Registers the login accounts through the API, each from its own client address (a rerun on the
 * same database finds them: 409),
 * and checks each one can log in before the load starts.
 */
const loginAccounts = async ({ api }: ShapeContext): Promise<ReadonlyArray<BenchRequest>> => {
  const requests: Array<BenchRequest> = []
  for (let i = 0; i < LOGIN_ACCOUNTS; i++) {
    const credentials = { email: accountEmail(i), password: LOGIN_PASSWORD }
    const registered = await api.request({
      method: "POST",
      path: "/v1/store/auth/register",
      body: { name: `Bench Customer ${i}`, ...credentials },
      headers: { "x-forwarded-for": benchClientAddress(i) }
    })
    if (registered.status !== 201 && registered.status !== 409) {
      throw new Error(`register ${credentials.email} answered ${registered.status}: ${JSON.stringify(registered.body)}`)
    }
    const login = await api.request({ method: "POST", path: "/v1/store/auth/login", body: credentials })
    if (login.status !== 200) {
      throw new Error(`login ${credentials.email} answered ${login.status}: ${JSON.stringify(login.body)}`)
    }
    requests.push({ method: "POST", path: "/v1/store/auth/login", body: credentials })
  }
  return requests
}

const listing = (name: string): Shape => ({ name, path: LISTING_PATH, rate: LISTING_RATE, connections: 10 })

export const authShapes: ReadonlyArray<Shape> = [
  listing("list-fixed-rate-baseline"),
  {
    name: "login-40rps",
    setup: loginAccounts,
    rate: LOGINS_PER_SECOND,
    connections: 10,
    alongside: [listing("list-fixed-rate-under-login")]
  }
]
