import Foundation

/// What the reference app runs against: where its data comes from, where it caches it and how
/// slow the simulated network is.
///
/// `AppAssembly` registers the configuration itself, so every factory that needs a setting
/// resolves it like any other dependency:
///
/// ```swift
/// let configuration = AppConfiguration(
///     backend: .fixtures(directory: fixturesFolder),
///     cacheDirectory: AppConfiguration.defaultCacheDirectory(),
///     latency: .milliseconds(150))
/// AppAssembly(configuration: configuration).assemble(into: .shared)
/// ```
public struct AppConfiguration: Sendable, Equatable {
    /// Where the app's data comes from.
    public enum Backend: Sendable, Equatable {
        /// JSON fixtures in a folder (`courses/recent.json` answers `GET /courses/recent`).
        case fixtures(directory: URL)
        /// A real HTTP server serving the same routes.
        case server(baseURL: URL)
    }

    /// The base URL requests are built against when the backend is a fixtures folder. The
    /// fixture transport ignores the host; `.invalid` guarantees nothing real is ever reached.
    public static let fixturesBaseURL = URL(string: "http://fixtures.invalid") ?? URL(fileURLWithPath: "/")

    /// Where the app's data comes from.
    public var backend: Backend
    /// The folder of the file cache (created when first needed).
    public var cacheDirectory: URL
    /// How long every fixture answer takes, to make "cache first, then network" visible.
    /// Ignored by a real server.
    public var latency: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - backend: Fixtures in a folder, or a server's base URL.
    ///   - cacheDirectory: The folder of the file cache.
    ///   - latency: Simulated latency of fixture answers; none by default.
    public init(backend: Backend, cacheDirectory: URL, latency: Duration = .zero) {
        self.backend = backend
        self.cacheDirectory = cacheDirectory
        self.latency = latency
    }

    /// The base URL the API client builds requests against: the server's, or
    /// ``fixturesBaseURL`` for fixtures.
    public var baseURL: URL {
        switch backend {
        case .fixtures: Self.fixturesBaseURL
        case .server(let baseURL): baseURL
        }
    }

    /// The per-user cache folder of an app: `$XDG_CACHE_HOME/<name>`, else `~/.cache/<name>` on
    /// Linux; `~/Library/Caches/<name>` on Apple platforms.
    ///
    /// ```swift
    /// AppConfiguration.defaultCacheDirectory()   // ~/.cache/dicontainer-demo on Linux
    /// ```
    ///
    /// - Parameters:
    ///   - name: The app's subfolder; `dicontainer-demo` by default.
    ///   - environment: The environment variables to read (`XDG_CACHE_HOME`, `HOME`); the
    ///     process's by default.
    /// - Returns: The folder (not created).
    public static func defaultCacheDirectory(
        name: String = "dicontainer-demo",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if canImport(Darwin)
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent(name, isDirectory: true)
        #else
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            // The XDG spec: a relative value is invalid and must be ignored.
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(name, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        #endif
    }
}
