/**
 * Hostile requests derived from an OpenAPI document: for a seeded random operation, a request
 * built from its declared parameters and body schema, then broken the way an attacker or a
 * buggy client breaks it (wrong types, missing and extra fields, huge strings, deep nesting,
 * control characters and lone surrogates, numbers out of range, path injection, bad
 * Authorization and publishable-key headers). Pure: the same seed gives the same requests.
 */
import { seededRandom } from "../seeded-random.ts"

type JsonSchema = {
  readonly $ref?: string
  readonly type?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly properties?: Record<string, JsonSchema>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly minimum?: number
  readonly maximum?: number
  readonly minLength?: number
  readonly maxLength?: number
}

interface Parameter {
  readonly in: "path" | "query" | "header" | "cookie"
  readonly name: string
  readonly schema?: JsonSchema
}

interface Operation {
  readonly method: string
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  readonly body: JsonSchema | undefined
}

export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, {
    readonly parameters?: ReadonlyArray<Parameter>
    readonly requestBody?: { readonly content?: Record<string, { readonly schema?: JsonSchema }> }
  }>>
  readonly components?: { readonly schemas?: Record<string, JsonSchema> }
}

export interface FuzzRequest {
  readonly method: string
  /** Already percent-encoded where it should be; may hold deliberate bad escapes. */
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string
  /** What was broken, for the failure report. */
  readonly mutation: string
}

/** Values every string field might meet: what a string field must survive. */
export interface FuzzContext {
  /** Ids that exist (a cart, a variant, an order), so some requests get past "not found". */
  readonly knownIds: ReadonlyArray<string>
  readonly publishableKeys: ReadonlyArray<string>
  readonly accessTokens: ReadonlyArray<string>
}


const HOSTILE_STRINGS: ReadonlyArray<string> = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\u0001\u0002\u001f\u007f",
  "\r\nSet-Cookie: a=b",
  "../../etc/passwd",
  "' OR 1=1 --",
  "%00",
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
  "\u202e\u200b\ufeff",
  "ঢাকা ধানমন্ডি",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "[]",
  "{}"
]

const HOSTILE_NUMBERS: ReadonlyArray<unknown> = [-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 1e-320, "1", "NaN", null, true]

const PATH_INJECTIONS: ReadonlyArray<string> = [
  "..",
  "%2e%2e%2f%2e%2e",
  "a%2Fb",
  "%00",
  "%ff",
  "%ed%a0%80",
  "%",
  "%zz",
  "'%20OR%201=1",
  "x".repeat(5000),
  "%20",
  "cart_" + "9".repeat(300)
]

const BAD_AUTHORIZATION: ReadonlyArray<string> = [
  "Bearer",
  "Bearer ",
  "Bearer x.y.z",
  "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJjdXNfMSJ9.",
  "Basic dXNlcjpwYXNz",
  "bearer " + "a".repeat(8000),
  "Bearer \u00ff\u00fe",
  "Token abc"
]

export const makeFuzzer = (document: OpenApiDocument, context: FuzzContext, seed: number) => {
  const random = seededRandom(seed)
  const pick = <A>(values: ReadonlyArray<A>): A => values[Math.floor(random() * values.length)]!
  const chance = (p: number) => random() < p
  const schemas = document.components?.schemas ?? {}

  const operations: ReadonlyArray<Operation> = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.["application/json"]?.schema
    }))
  )

  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    let current = schema ?? {}
    for (let depth = 0; current.$ref !== undefined && depth < 20; depth++) {
      current = schemas[current.$ref.split("/").pop()!] ?? {}
    }
    return current
  }

  const validString = (schema: JsonSchema): string => {
    if (chance(0.3) && context.knownIds.length > 0) return pick(context.knownIds)
    const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12))
    return "abcdefghij0123456789".repeat(2).slice(0, length) || "a"
  }

  /** A value the schema accepts (as far as a JSON Schema says), to be broken afterwards. */
  const valid = (input: JsonSchema | undefined, depth = 0): unknown => {
    const schema = resolve(input)
    if (schema.enum !== undefined && schema.enum.length > 0) return pick(schema.enum)
    const alternatives = schema.anyOf ?? schema.oneOf
    if (alternatives !== undefined && alternatives.length > 0) return valid(pick(alternatives), depth + 1)
    if (schema.allOf !== undefined && schema.allOf.length > 0) return valid(schema.allOf[0], depth + 1)
    switch (schema.type) {
      case "object": {
        const result: Record<string, unknown> = {}
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if ((schema.required ?? []).includes(name) || chance(0.5)) result[name] = depth > 6 ? null : valid(property, depth + 1)
        }
        return result
      }
      case "array":
        return depth > 6 ? [] : Array.from({ length: Math.floor(random() * 3) }, () => valid(schema.items, depth + 1))
      case "integer":
      case "number": {
        const low = schema.minimum ?? 0
        const high = schema.maximum ?? low + 100
        return Math.floor(low + random() * Math.min(high - low + 1, 100))
      }
      case "boolean":
        return chance(0.5)
      case "null":
        return null
      default:
        return validString(schema)
    }
  }

  const hostileValue = (): unknown => {
    switch (Math.floor(random() * 7)) {
      case 0:
        return pick(HOSTILE_STRINGS)
      case 1:
        return pick(HOSTILE_NUMBERS)
      case 2:
        return "x".repeat(pick([256, 1_001, 3_000, 70_000]))
      case 3:
        return deepNesting(pick([20, 60, 200]))
      case 4:
        return [pick(HOSTILE_STRINGS), pick(HOSTILE_NUMBERS)]
      case 5:
        return { [pick(HOSTILE_STRINGS)]: pick(HOSTILE_NUMBERS) }
      default:
        return pick([null, true, false, {}, []])
    }
  }

  /** Breaks one place inside a valid value: replace, drop or add. */
  const mutateValue = (value: unknown, budget: number): [unknown, string] => {
    if (budget <= 0 || value === null || typeof value !== "object" || chance(0.25)) {
      const replacement = hostileValue()
      return [replacement, `replaced with ${describe(replacement)}`]
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || chance(0.3)) return [[...value, hostileValue()], "array element added"]
      const index = Math.floor(random() * value.length)
      const [inner, what] = mutateValue(value[index], budget - 1)
      const copy = [...value]
      copy[index] = inner
      return [copy, `[${index}] ${what}`]
    }
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    if (keys.length === 0 || chance(0.2)) {
      const key = chance(0.5) ? pick(HOSTILE_STRINGS) : "unexpected"
      return [{ ...record, [key]: hostileValue() }, `extra field ${JSON.stringify(key)}`]
    }
    const key = pick(keys)
    if (chance(0.25)) {
      const { [key]: _dropped, ...rest } = record
      return [rest, `field ${key} removed`]
    }
    const [inner, what] = mutateValue(record[key], budget - 1)
    return [{ ...record, [key]: inner }, `${key}: ${what}`]
  }

  const parameterValue = (parameter: Parameter): string => {
    const value = valid(parameter.schema)
    return Array.isArray(value) ? String(value[0] ?? "") : String(value)
  }

  const hostileText = () => {
    const value = hostileValue()
    return typeof value === "string" ? value : JSON.stringify(value)
  }

  const next = (): FuzzRequest => {
    const operation = pick(operations)
    const mutations: Array<string> = []
    const headers: Record<string, string> = {}

    const keyRoll = random()
    if (keyRoll < 0.85) headers["x-publishable-api-key"] = pick(context.publishableKeys)
    else if (keyRoll < 0.95) {
      headers["x-publishable-api-key"] = pick(["pk_unknown", "", " ", "pk_" + "x".repeat(3000), "pk_\u00e9"])
      mutations.push("bad publishable key")
    } else mutations.push("no publishable key")

    const authRoll = random()
    if (authRoll < 0.3 && context.accessTokens.length > 0) headers.authorization = `Bearer ${pick(context.accessTokens)}`
    else if (authRoll < 0.5) {
      headers.authorization = pick(BAD_AUTHORIZATION)
      mutations.push(`authorization ${describe(headers.authorization)}`)
    }

    let path = operation.path
    for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
      const segment = chance(0.35)
        ? (mutations.push(`path ${parameter.name} injected`), pick(PATH_INJECTIONS))
        : chance(0.2)
        ? (mutations.push(`path ${parameter.name} hostile`), percentEncode(hostileText()).slice(0, 4000))
        : percentEncode(parameterValue(parameter))
      path = path.replace(`{${parameter.name}}`, segment)
    }

    const query: Array<string> = []
    for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
      if (!chance(0.5)) continue
      if (chance(0.3)) {
        mutations.push(`query ${parameter.name} hostile`)
        query.push(`${parameter.name}=${chance(0.2) ? pick(PATH_INJECTIONS) : percentEncode(hostileText()).slice(0, 6000)}`)
      } else {
        query.push(`${parameter.name}=${percentEncode(parameterValue(parameter))}`)
      }
    }
    if (chance(0.05)) {
      query.push("page=1&page=2&limit=%00")
      mutations.push("repeated query parameters")
    }
    if (query.length > 0) path += `?${query.join("&")}`

    for (const parameter of operation.parameters.filter((p) => p.in === "header")) {
      if (chance(0.5)) continue
      const value = chance(0.3) ? pick(["", "\"", "W/\"x\"", "*", "x".repeat(300), "1e999", "\"-1\""]) : parameterValue(parameter)
      headers[parameter.name] = value
    }

    let body: string | undefined
    if (operation.body !== undefined || (operation.method !== "GET" && chance(0.1))) {
      const roll = random()
      if (roll < 0.1) {
        body = pick(["", "{", "{\"a\":", "[1,2", "nul", "\"\\ud800\"", "{\"a\":1}{\"b\":2}", "\u0000", "1e99999"])
        mutations.push(`malformed body ${describe(body)}`)
      } else if (roll < 0.15) {
        body = deepNestingText(pick([1_000, 20_000, 200_000]))
        mutations.push("deeply nested body")
      } else if (roll < 0.25) {
        body = JSON.stringify(valid(operation.body))
      } else {
        const [mutated, what] = mutateValue(valid(operation.body), 4)
        body = JSON.stringify(mutated) ?? "null"
        mutations.push(`body ${what}`)
      }
      headers["content-type"] = chance(0.92)
        ? "application/json"
        : (mutations.push("odd content-type"), pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "multipart/form-data; boundary=x"]))
    }

    return { method: operation.method, path, headers, ...(body === undefined ? {} : { body }), mutation: mutations.join("; ") || "valid-shaped" }
  }

  return { next, operations }
}

const deepNesting = (depth: number): unknown => {
  let value: unknown = "leaf"
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

/** Percent-encoding that also writes lone surrogates (as their WTF-8 bytes), which encodeURIComponent refuses. */
const percentEncode = (text: string): string => {
  let encoded = ""
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const isHigh = code >= 0xd800 && code <= 0xdbff
    const next = text.charCodeAt(i + 1)
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`).join("")
    } else {
      encoded += encodeURIComponent(text[i]!)
    }
  }
  return encoded
}

/** Nesting as text: deeper than a recursive JSON.stringify could write. */
const deepNestingText = (depth: number): string => "[{\"a\":".repeat(depth) + "1" + "}]".repeat(depth)

const describe = (value: unknown): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text
}
