import Foundation
import Testing

@testable import demo

@Suite("demo: command-line parsing")
struct DemoOptionsTests {
    @Test("no arguments runs the main screen against the fixtures, default cache, no latency")
    func defaults() throws {
        #expect(try DemoOptions.parse([]) == DemoOptions())
        #expect(DemoOptions().command == .run)
    }

    @Test("options may come before or after the command, as --name value or --name=value")
    func optionPlacement() throws {
        let options = try DemoOptions.parse([
            "--cache-dir=/tmp/c", "detail", "7", "--latency", "150", "--base-url=http://localhost:8080/api",
        ])
        #expect(options.command == .detail(courseID: 7))
        #expect(options.cacheDirectory?.path == "/tmp/c")
        #expect(options.latencyMilliseconds == 150)
        #expect(options.baseURL?.absoluteString == "http://localhost:8080/api")
    }

    @Test("graph takes --format, Mermaid by default")
    func graphFormat() throws {
        #expect(try DemoOptions.parse(["graph"]).command == .graph(.mermaid))
        #expect(try DemoOptions.parse(["--format", "dot", "graph"]).command == .graph(.dot))
    }

    @Test("--help after a command, or before anything else, prints the help without checking what follows")
    func help() throws {
        #expect(try DemoOptions.parse(["validate", "-h"]).command == .help)
        #expect(try DemoOptions.parse(["--help", "--bogus"]).command == .help)
        #expect(try DemoOptions.parse(["help"]).command == .help)
    }

    @Test("a negative latency, a non-http URL or an option as a value are refused")
    func refusals() {
        #expect(throws: UsageError("--latency expects a whole number ≥ 0 (milliseconds), got '-5'")) {
            try DemoOptions.parse(["--latency", "-5"])
        }
        #expect(throws: UsageError("--base-url expects an http(s) URL such as http://127.0.0.1:8080, got 'ftp://host'")) {
            try DemoOptions.parse(["--base-url", "ftp://host"])
        }
        #expect(throws: UsageError("--cache-dir needs a value")) {
            try DemoOptions.parse(["--cache-dir", "--latency", "5"])
        }
    }

    @Test("--without takes the configuration or one layer's assembly", arguments: DemoAssembly.omittable)
    func without(part: String) throws {
        #expect(try DemoOptions.parse(["validate", "--without", part]).without == part)
    }
}
