import DIDemoInfrastructure
import Foundation

/// How `DemoOptions.parse` tells options from positionals and checks option values.
extension DemoOptions {
    /// The ports a `--base-url` may name.
    static let validPorts = 1...65535

    /// Whether `argument` is an option (`-h`, `--latency`, `--latency=5`) rather than a
    /// positional. `-` alone and a negative number (`-1`) are positionals, so `detail -1` is
    /// refused as a course id, not as an unknown option.
    static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return !(second.isASCII && second.isNumber)
    }

    /// A whole number from 0 to `limit`.
    ///
    /// - Parameters:
    ///   - text: The value as typed.
    ///   - option: The option or command it belongs to, for the message.
    ///   - what: What the number is, for the message: `milliseconds`, `a course id`.
    ///   - limit: The largest value accepted.
    /// - Returns: The number.
    /// - Throws: `UsageError` when `text` is not a whole number ≥ 0, or is above `limit`.
    static func parseCount(_ text: String, option: String, what: String, atMost limit: Int = .max) throws(UsageError) -> Int {
        // Digits alone that do not fit an `Int` are a number too large, not a malformed one.
        let isDigits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
        guard let number = Int(text), number >= 0 else {
            guard isDigits, limit < .max else {
                throw UsageError("\(option) expects a whole number ≥ 0 (\(what)), got '\(text)'")
            }
            throw UsageError("\(option) expects at most \(limit) (\(what)), got '\(text)'")
        }
        guard number <= limit else {
            throw UsageError("\(option) expects at most \(limit) (\(what)), got '\(text)'")
        }
        return number
    }

    /// An http(s) URL with a host and, if it names a port, a port from 1 to 65535: checked here
    /// so a bad URL is a usage error, not a transport failure (`NSURLErrorDomain error -1000`)
    /// after the app has started.
    ///
    /// - Parameters:
    ///   - text: The URL as typed.
    ///   - option: The option, for the message.
    /// - Returns: The URL.
    /// - Throws: `UsageError` repeating the URL, with any credentials in it redacted.
    static func parseURL(_ text: String, option: String) throws(UsageError) -> URL {
        let parsed = URL(string: text)
        // Repeat the text, unless it carries credentials.
        let shown = parsed?.user != nil || parsed?.password != nil ? parsed?.redactedDescription ?? "" : text
        guard let url = parsed, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw UsageError("\(option) expects an http(s) URL such as http://127.0.0.1:8080, got '\(shown)'")
        }
        if let port = url.port, !validPorts.contains(port) {
            throw UsageError(
                "\(option) expects a port from \(validPorts.lowerBound) to \(validPorts.upperBound), got \(port) in '\(shown)'")
        }
        return url
    }
}
