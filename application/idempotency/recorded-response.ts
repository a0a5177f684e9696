/** A response as it was first sent, kept so that a retry with the same Idempotency-Key gets it again byte for byte. */
export interface RecordedResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  /** The body text (JSON). */
  readonly body: string
}
