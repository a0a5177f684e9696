/**
 * `npm start`: validate the configuration, migrate, load the demo catalog into an empty
 * database, serve. SIGTERM/SIGINT drain in-flight requests (up to 10 s), close the pool and
 * exit 0; a bad setting or a failed start exits 1 with the reason.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Exit, Layer } from "effect"
import * as StorefrontServer from "./storefront-server.ts"

Layer.launch(StorefrontServer.layer).pipe(
  NodeRuntime.runMain({
    teardown: (exit, onExit) => {
      // Being asked to stop (a signal interrupts the main fiber) is a clean exit.
      if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return onExit(0)
      onExit(1)
    }
  })
)
