/**
 * A Standard Webhooks receiver's check (spec "Verifying webhook signatures"), written from the
 * specification on WebCrypto, apart from the service's signing code: some `v1,` signature among
 * the space-separated ones is the HMAC-SHA256 of `id.timestamp.body` under the secret's key.
 */
export const verifyStandardWebhook = async (secret: string, headers: Record<string, string>, body: string) => {
  const key = await crypto.subtle.importKey(
    "raw",
    Buffer.from(secret.replace(/^whsec_/, ""), "base64"),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"]
  )
  const signed = new TextEncoder().encode(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
  for (const candidate of (headers["webhook-signature"] ?? "").split(" ")) {
    const [version, signature] = candidate.split(",")
    if (version === "v1" && signature !== undefined && await crypto.subtle.verify("HMAC", key, Buffer.from(signature, "base64"), signed)) {
      return true
    }
  }
  return false
}

