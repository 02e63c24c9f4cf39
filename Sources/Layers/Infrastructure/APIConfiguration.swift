import Foundation

/// Where the API lives and how long to wait for it; injected into ``APIClient``.
///
/// ```swift
/// let configuration = APIConfiguration(baseURL: baseURL, defaultTimeout: .seconds(10))
/// ```
///
/// Request paths are appended to the base URL's path: base `https://api.example.com/v1` and
/// path `/courses/recent` give `https://api.example.com/v1/courses/recent`.
public struct APIConfiguration: Sendable, Equatable {
    /// The URL request paths are relative to.
    public var baseURL: URL
    /// The timeout of requests whose ``RequestSettings/timeout`` is `nil`.
    public var defaultTimeout: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: The URL request paths are relative to (scheme, host, optional port and path
    ///     prefix).
    ///   - defaultTimeout: The timeout of requests that do not set their own; 30 seconds by
    ///     default.
    public init(baseURL: URL, defaultTimeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.defaultTimeout = defaultTimeout
    }
}
