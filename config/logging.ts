/**
 * How the service writes its logs (`LOG_FORMAT`): one JSON object per line for log pipelines,
 * or Effect's pretty console output for people. Unset: JSON unless stdout is a terminal.
 * Both keep the tracer logger, so log lines also become events of the current span.
 */
import { Layer, Logger, Option } from "effect"

export type LogFormat = "json" | "pretty"

export const LOG_FORMATS: ReadonlyArray<LogFormat> = ["json", "pretty"]

export const resolveLogFormat = (setting: Option.Option<LogFormat>, stdoutIsTty: boolean): LogFormat =>
  Option.getOrElse(setting, () => stdoutIsTty ? "pretty" : "json")

export const layer = (format: LogFormat): Layer.Layer<never> =>
  Logger.layer(format === "json" ? [Logger.consoleJson, Logger.tracerLogger] : [Logger.consolePretty(), Logger.tracerLogger])
