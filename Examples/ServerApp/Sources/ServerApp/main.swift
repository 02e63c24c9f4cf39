import Foundation
import Logging
import ServerAppCore

// ServerApp [--port N]: serves on 127.0.0.1 until SIGTERM or SIGINT, then shuts down gracefully.
// The wiring is in AppAssembly; the services and their order in Server.makeServiceGroup.
LoggingSystem.bootstrap(StreamLogHandler.standardOutput)
let logger = Logger(label: "ServerApp")

let configuration: ServerConfiguration
do {
    configuration = try ServerConfiguration(
        arguments: CommandLine.arguments.dropFirst(), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("ServerApp: \(error)\n".utf8))
    exit(2)
}

do {
    try await Server.makeServiceGroup(configuration: configuration, logger: logger).run()
    logger.info("server stopped")
} catch {
    logger.critical("server failed", metadata: ["error": "\(error)"])
    exit(1)
}
