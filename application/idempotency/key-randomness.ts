/**
 * Whether an Idempotency-Key could have been guessed (docs/contract/cart.md): a guest's key is all that
 * keeps its replay its own, so a key must carry about 128 bits of randomness, and a key a
 * randomness estimate refuses is a validation failure. The estimate refuses:
 * - one character repeated, or fewer than 12 distinct characters;
 * - a timestamp: a run of 9 to 19 digits reading as seconds, milliseconds, microseconds or
 *   nanoseconds between 2000 and 2100, or an ISO 8601 date and time;
 * - a counter: a number of 4 or more digits on a fixed text (the key without its numbers has
 *   fewer than 12 distinct characters, e.g. `cart-create-000123`).
 * A hexadecimal key (a UUID, or 32 or more hex digits) is judged on its digits: 16 symbols only,
 * so a random one has few distinct characters by nature (one UUID v4 in 400 has fewer than 12):
 * it is refused with fewer than 6 distinct digits, a run of 12 equal digits, or as a time-based
 * UUID (versions 1, 6 and 7 carry a timestamp and fewer than 128 random bits). Every UUID v4
 * from a CSPRNG passes.
 */

const MIN_DISTINCT = 12
const MIN_DISTINCT_HEX = 6
const MAX_HEX_RUN = 12

const EPOCH_START_SECONDS = Date.UTC(2000, 0, 1) / 1000
const EPOCH_END_SECONDS = Date.UTC(2100, 0, 1) / 1000
const TIMESTAMP_UNITS_PER_SECOND = [1, 1e3, 1e6, 1e9]
const ISO_DATE_TIME = /(?:19|20)\d\d-?[01]\d-?[0-3]\d[T_ -]?[0-2]\d:?[0-5]\d/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HEX = /^[0-9a-f]{32,}$/i
const TIME_BASED_UUID_VERSIONS = new Set(["1", "6", "7"])

const distinct = (text: string): number => new Set(text).size

const longestRun = (text: string): number => {
  let longest = 0
  let run = 0
  for (let i = 0; i < text.length; i++) {
    run = i > 0 && text[i] === text[i - 1] ? run + 1 : 1
    longest = Math.max(longest, run)
  }
  return longest
}

/** A run of digits that reads as a time between 2000 and 2100 in s, ms, µs or ns. */
const isEpochTimestamp = (digits: string): boolean =>
  digits.length >= 9 && digits.length <= 19 &&
  TIMESTAMP_UNITS_PER_SECOND.some((perSecond) => {
    const seconds = Number(digits) / perSecond
    return seconds >= EPOCH_START_SECONDS && seconds < EPOCH_END_SECONDS
  })

const hexProblem = (key: string): string | undefined => {
  const uuid = UUID.exec(key)
  if (uuid !== null && TIME_BASED_UUID_VERSIONS.has(uuid[1]!)) return "a time-based UUID (use a random UUID v4)"
  const digits = key.replaceAll("-", "").toLowerCase()
  if (distinct(digits) < MIN_DISTINCT_HEX || longestRun(digits) >= MAX_HEX_RUN) return "too few random digits"
  return undefined
}

/** Why the key is guessable, or `undefined` when the estimate accepts it. */
export const guessableKeyReason = (key: string): string | undefined => {
  if (UUID.test(key) || HEX.test(key)) return hexProblem(key)
  if (distinct(key) < MIN_DISTINCT) return `fewer than ${MIN_DISTINCT} distinct characters`
  const numbers = key.match(/\d+/g) ?? []
  if (numbers.some(isEpochTimestamp) || ISO_DATE_TIME.test(key)) return "a timestamp"
  if (numbers.some((n) => n.length >= 4) && distinct(key.replace(/\d{4,}/g, "")) < MIN_DISTINCT) return "a counter"
  return undefined
}

export const isGuessableKey = (key: string): boolean => guessableKeyReason(key) !== undefined
