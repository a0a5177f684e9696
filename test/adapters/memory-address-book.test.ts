import { Layer } from "effect"
import * as MemoryAddressBook from "../../adapters/memory/memory-address-book.ts"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import { addressBookContract } from "./address-book-contract.ts"

addressBookContract("memory", Layer.merge(MemoryAddressBook.layer, MemoryCustomerRepository.layer))
