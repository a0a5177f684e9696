import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import { customerRepositoryContract } from "./customer-repository-contract.ts"

customerRepositoryContract("memory", MemoryCustomerRepository.layer)
