import { Layer } from "effect"
import { MemoryAddressBook } from "../../adapters/memory/memory-address-book.ts"
import { MemoryCustomerRepository } from "../../adapters/memory/memory-customer-repository.ts"
import { addressBookContract } from "./address-book-contract.ts"

addressBookContract("memory", Layer.merge(MemoryAddressBook, MemoryCustomerRepository))
