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

    @Test("--mock-server asks for the embedded fixtures, and cannot be combined with --base-url")
    func mockServer() throws {
        #expect(try DemoOptions.parse(["registrations", "--mock-server"]).isMockServer)
        #expect(try DemoOptions.parse(["--mock-server"]).baseURL == nil)
        #expect(throws: UsageError("--mock-server answers from the embedded fixtures; it cannot be combined with --base-url")) {
            try DemoOptions.parse(["--mock-server", "--base-url", "http://localhost:8080"])
        }
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

    @Test("--latency is at most 60,000 ms (one minute), however large the number typed")
    func latencyBound() throws {
        #expect(DemoOptions.maxLatencyMilliseconds == 60_000)
        #expect(try DemoOptions.parse(["--latency", "60000"]).latencyMilliseconds == 60_000)
        for text in ["60001", "\(Int.max)", "99999999999999999999"] {
            #expect(throws: UsageError("--latency expects at most 60000 (milliseconds), got '\(text)'")) {
                try DemoOptions.parse(["--latency", text])
            }
        }
    }

    @Test("--base-url is checked when parsed: a port outside 1...65535 is a usage error, credentials redacted")
    func baseURLPort() throws {
        for port in [1, 8080, 65535] {
            #expect(try DemoOptions.parse(["--base-url", "http://127.0.0.1:\(port)"]).baseURL?.port == port)
        }
        for port in [0, 65536, 99999] {
            #expect(throws: UsageError("--base-url expects a port from 1 to 65535, got \(port) in 'https://example.com:\(port)/api'")) {
                try DemoOptions.parse(["--base-url", "https://example.com:\(port)/api"])
            }
        }
        #expect(throws: UsageError("--base-url expects a port from 1 to 65535, got 99999 in 'http://***@example.com:99999'")) {
            try DemoOptions.parse(["--base-url", "http://user:secret@example.com:99999"])
        }
        #expect(throws: UsageError("--base-url expects an http(s) URL such as http://127.0.0.1:8080, got 'http://:8080'")) {
            try DemoOptions.parse(["--base-url", "http://:8080"])
        }
    }

    @Test("a negative number is a positional: detail -1 is refused as a course id, not as an unknown option")
    func negativeCourseID() {
        #expect(throws: UsageError("detail expects a whole number ≥ 0 (a course id), got '-1'")) {
            try DemoOptions.parse(["detail", "-1"])
        }
        #expect(throws: UsageError("unexpected argument '-5' after 'validate'")) {
            try DemoOptions.parse(["validate", "-5"])
        }
        #expect(throws: UsageError("unknown option '-x'")) {
            try DemoOptions.parse(["detail", "-x"])
        }
    }

    @Test("--help lists exactly the parts --without accepts, in lines that fit")
    func helpListsEveryPart() throws {
        let help = DemoOptions.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let start = try #require(help.range(of: "to see what validation reports: "))
        let end = try #require(help.range(of: ".", range: start.upperBound..<help.endIndex))
        let listed = help[start.upperBound..<end.lowerBound].replacing(" or ", with: ", ").split(separator: ", ").map(String.init)
        #expect(listed == DemoAssembly.omittable)
        #expect(listed.contains("SessionAssembly"))
        for part in listed {
            #expect(try DemoOptions.parse(["validate", "--without", part]).without == part)
        }
        #expect(DemoOptions.help.split(separator: "\n").allSatisfy { $0.count <= 90 })
    }

    @Test("--without takes the configuration or one layer's assembly", arguments: DemoAssembly.omittable)
    func without(part: String) throws {
        #expect(try DemoOptions.parse(["validate", "--without", part]).without == part)
    }
}
