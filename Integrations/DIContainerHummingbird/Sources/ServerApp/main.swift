import Foundation
import Logging
import ServerAppCore

// ServerApp [--port N]: serves on 127.0.0.1 until SIGTERM or SIGINT, then shuts down gracefully.
// The wiring is in AppAssembly; the services and their order in Server.makeServiceGroup.
// A failed start or an unclean shutdown ends the process with its reason and exit status 1.
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
    try await Server.run(configuration: configuration, logger: logger)
    logger.info("server stopped")
} catch {
    logger.critical("server failed: \(error)")
    exit(1)
}
