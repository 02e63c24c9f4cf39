import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import NIOCore
import Synchronization
import Testing

extension HTTPField.Name {
    /// `X-Request-ID`, which `RequestIdentity` reads.
    static let requestID = Self("X-Request-ID")
    /// `X-User`, which `RequestIdentity` reads.
    static let user = Self("X-User")
}

/// Header fields naming a request and its user.
func headers(requestID: String, user: String) throws -> HTTPFields {
    var fields = HTTPFields()
    fields[try #require(HTTPField.Name.requestID)] = requestID
    fields[try #require(HTTPField.Name.user)] = user
    return fields
}

/// Decodes a JSON response body.
func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(String(buffer: body).utf8))
}

/// A logger whose messages a test can read back.
struct RecordingLogger {
    let handler = InMemoryLogHandler()
    var logger: Logger { Logger(label: "test", factory: { _ in handler }) }

    /// The messages logged so far, in order.
    var messages: [String] { handler.entries.map { "\($0.message)" } }

    /// The `request-id` metadata of each "unit of work N <outcome>" message, by serial N.
    func unitsOfWork(_ outcome: String) -> [Int: String] {
        var found: [Int: String] = [:]
        for entry in handler.entries {
            let words = "\(entry.message)".split(separator: " ")
            guard words.count >= 4, words[0] == "unit", words[1] == "of", words[2] == "work",
                words.dropFirst(4).joined(separator: " ") == outcome, let serial = Int(words[3])
            else { continue }
            found[serial] = entry.metadata["request-id"].map { "\($0)" }
        }
        return found
    }
}

/// A count that tasks raise concurrently.
final class Counter: Sendable {
    private let count = Mutex(0)

    /// The count now.
    var value: Int { count.withLock { $0 } }

    /// Adds one.
    func increment() { count.withLock { $0 += 1 } }
}
