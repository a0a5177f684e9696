/**
 * `npm run client:generate`: rewrites client/openapi-schema.ts from the API definition, and the
 * demo shop page's copy of the client (scripts/demo-shop-client.ts).
 */
import { writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from "./client-schema.ts"
import { DEMO_SHOP_CLIENT_FILE, demoShopClientSource } from "./demo-shop-client.ts"

await writeFile(CLIENT_SCHEMA_FILE, await clientSchemaSource())
console.log(`wrote ${fileURLToPath(CLIENT_SCHEMA_FILE)}`)
await writeFile(DEMO_SHOP_CLIENT_FILE, await demoShopClientSource())
console.log(`wrote ${fileURLToPath(DEMO_SHOP_CLIENT_FILE)}`)
