// The argon2id cost behind every login and registration, measured in the bench process with the
// service's own parameters (adapters/security/argon2-password-hasher.ts): sequential hashes and
// verifications, so the figure is the time of one hash on one core.
import { hash, verify } from "argon2"
import { ARGON2ID_PARAMETERS } from "../../adapters/security/argon2-password-hasher.ts"
import { quantile } from "./quantiles.ts"

export interface Argon2Figure {
  readonly parameters: string
  readonly samples: number
  readonly hashMs: { readonly median: number; readonly p90: number }
  readonly verifyMs: { readonly median: number; readonly p90: number }
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10

const timed = async (run: () => Promise<unknown>, samples: number) => {
  const times: Array<number> = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: tenths(quantile(times, 0.5)), p90: tenths(quantile(times, 0.9)) }
}

export const measureArgon2id = async (samples = 30): Promise<Argon2Figure> => {
  const password = "bench-login-passphrase-7"
  const stored = await hash(password, ARGON2ID_PARAMETERS)
  return {
    parameters: `argon2id m=${ARGON2ID_PARAMETERS.memoryCost} KiB t=${ARGON2ID_PARAMETERS.timeCost} p=${ARGON2ID_PARAMETERS.parallelism}`,
    samples,
    hashMs: await timed(() => hash(password, ARGON2ID_PARAMETERS), samples),
    verifyMs: await timed(() => verify(stored, password), samples)
  }
}
