/**
 * The typed client (client/index.ts) as the demo shop page loads it: the same module with its
 * types stripped (Node's stripTypeScriptTypes) and `openapi-fetch` imported from the copy the
 * service serves beside the page. `npm run client:generate` writes it to
 * adapters/http/demo-shop/storefront-client.js (checked in, so serving it needs no build step);
 * test/library/demo-shop-client-drift.test.ts checks it matches the client.
 */
import { readFile } from "node:fs/promises"
import { stripTypeScriptTypes } from "node:module"

export const CLIENT_FILE = new URL("../client/index.ts", import.meta.url)
export const DEMO_SHOP_CLIENT_FILE = new URL("../adapters/http/demo-shop/storefront-client.js", import.meta.url)

const HEADER = `// The typed client (client/index.ts) for the demo shop page, its types stripped.
// Do not edit: run \`npm run client:generate\` after changing the client.
`

export const demoShopClientSource = async (): Promise<string> => {
  const stripped = stripTypeScriptTypes(await readFile(CLIENT_FILE, "utf8"))
  const source = stripped
    .replace(/ from "openapi-fetch"/, ` from "./openapi-fetch.js"`)
    // what stripping leaves of type-only lines and trailing blanks
    .split("\n").map((line) => line.trimEnd()).join("\n")
    .replace(/\n{3,}/g, "\n\n")
  return HEADER + source
}
