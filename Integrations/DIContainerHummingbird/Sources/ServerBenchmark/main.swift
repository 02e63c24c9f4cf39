import Foundation

// ServerBenchmark: the example server under load, with the container and hand-wired.
// Build both in release, then run:
//   swift build -c release --package-path Integrations/DIContainerHummingbird
//   Integrations/DIContainerHummingbird/.build/release/ServerBenchmark [--requests N] [--concurrency C] [--rounds R]
// It starts ServerApp (next to itself) once per wiring and round, drives GET /whoami over
// keep-alive connections, and reports the server's CPU time per request and the throughput.
do {
    let options = try BenchmarkOptions(arguments: CommandLine.arguments.dropFirst())
    let rounds = try await LoadBenchmark(options: options).run()
    print(LoadBenchmark.report(rounds, options: options))
} catch {
    FileHandle.standardError.write(Data("ServerBenchmark: \(error)\n".utf8))
    exit(1)
}
