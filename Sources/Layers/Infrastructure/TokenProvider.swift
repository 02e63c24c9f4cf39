/// Supplies the bearer token of authenticated requests.
///
/// ``APIClient`` asks for a token before each attempt of a request whose settings require
/// authentication, so a provider can refresh an expired token. Implementations must never print
/// or log the token.
///
/// ```swift
/// struct KeychainTokenProvider: TokenProvider {
///     func token() async throws -> String { try await keychain.read("api-token") }
/// }
/// ```
public protocol TokenProvider: Sendable {
    /// Returns the current token, without the "Bearer " prefix.
    ///
    /// - Throws: Any error when no token is available; the client reports it as
    ///   ``APIError/authentication(reason:request:)``.
    func token() async throws -> String
}

/// A token provider that always returns the same token; handy in tests and the demo.
///
/// Its descriptions and reflection redact the token, so printing or dumping it is safe.
///
/// ```swift
/// let client = APIClient(configuration: configuration, transport: transport,
///                        tokenProvider: StaticTokenProvider("s3cr3t"))
/// ```
public struct StaticTokenProvider: TokenProvider, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let value: String

    /// Creates a provider of `token`.
    ///
    /// - Parameter token: The token to send, without the "Bearer " prefix.
    public init(_ token: String) {
        self.value = token
    }

    /// Returns the token.
    public func token() async throws -> String { value }

    /// "StaticTokenProvider(<redacted>)": never the token.
    public var description: String { "StaticTokenProvider(<redacted>)" }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror without the token, so `dump` does not print it.
    public var customMirror: Mirror { Mirror(self, children: ["token": "<redacted>"]) }
}
