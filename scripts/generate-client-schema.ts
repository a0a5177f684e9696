/** `npm run client:generate`: rewrites client/openapi-schema.ts from the API definition. */
import { writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from "./client-schema.ts"

await writeFile(CLIENT_SCHEMA_FILE, await clientSchemaSource())
console.log(`wrote ${fileURLToPath(CLIENT_SCHEMA_FILE)}`)
