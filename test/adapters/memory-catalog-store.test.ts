import { Layer } from "effect"
import { MemoryCatalogStoreLayer } from "../../adapters/memory/memory-catalog-store.ts"
import { CryptoIdGeneratorLayer } from "../../adapters/security/crypto-id-generator.ts"
import { catalogStoreContract } from "./catalog-store-contract.ts"

catalogStoreContract("memory", MemoryCatalogStoreLayer.pipe(Layer.provide(CryptoIdGeneratorLayer)))
