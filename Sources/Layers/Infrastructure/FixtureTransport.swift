import DIContainerLocking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from JSON fixtures instead of the network.
///
/// The route of a request is its URL path without the leading slash; the query is ignored. With
/// a directory, route `courses/recent` (URL path `/courses/recent`) is the file
/// `courses/recent.json` under it, read at request time. In memory, the route is the dictionary
/// key. An unknown route, or a route that would leave the directory (`..`), answers HTTP 404.
///
/// Failures can be injected per route (see ``FixtureFailure``) so retry logic can be tested, and
/// ``latency`` delays every answer with `Task.sleep`, which ends early with `CancellationError`
/// when the task is cancelled. The transport records every request it receives.
///
/// ```swift
/// let transport = FixtureTransport(fixtures: ["courses/recent": Data(#"{"items": []}"#.utf8)],
///                                  failures: [.status(503, route: "/courses/recent")])
/// let client = APIClient(configuration: configuration, transport: transport)
/// ```
public final class FixtureTransport: Transport {
    private enum Source: Sendable {
        case directory(URL)
        case memory([String: Data])
    }

    private struct State {
        var remainingFailures: [String: [FixtureFailure]]
        var requests: [URLRequest] = []
    }

    private let source: Source
    /// How long every answer takes.
    public let latency: Duration
    private let state: Locked<State>

    /// Creates a transport serving `<route>.json` files under `directory`.
    ///
    /// - Parameters:
    ///   - directory: The folder holding the fixtures.
    ///   - latency: How long every answer takes; none by default.
    ///   - failures: Failures to inject, applied in order per route.
    public convenience init(directory: URL, latency: Duration = .zero, failures: [FixtureFailure] = []) {
        self.init(source: .directory(directory), latency: latency, failures: failures)
    }

    /// Creates a transport serving in-memory fixtures.
    ///
    /// - Parameters:
    ///   - fixtures: Response bodies by route, for example `"courses/recent"` (a leading slash or
    ///     a trailing `.json` is ignored).
    ///   - latency: How long every answer takes; none by default.
    ///   - failures: Failures to inject, applied in order per route.
    public convenience init(fixtures: [String: Data], latency: Duration = .zero, failures: [FixtureFailure] = []) {
        var normalized: [String: Data] = [:]
        for (route, data) in fixtures {
            var route = Self.route(ofPath: route)
            if route.hasSuffix(".json") { route.removeLast(5) }
            normalized[route] = data
        }
        self.init(source: .memory(normalized), latency: latency, failures: failures)
    }

    private init(source: Source, latency: Duration, failures: [FixtureFailure]) {
        self.source = source
        self.latency = latency
        self.state = Locked(State(remainingFailures: Dictionary(grouping: failures, by: \.route)))
    }

    /// Every request received so far, in order (including failed ones).
    public var requests: [URLRequest] {
        state.withLock { $0.requests }
    }

    /// How many requests were received for `path` (with or without the leading slash).
    ///
    /// - Parameter path: A URL path such as "/courses/recent".
    /// - Returns: The number of requests whose route is that path.
    public func requestCount(forPath path: String) -> Int {
        let route = Self.route(ofPath: path)
        return requests.filter { Self.route(ofPath: $0.url?.path ?? "") == route }.count
    }

    /// Answers `request` from the fixtures, after ``latency``.
    ///
    /// - Parameter request: The request.
    /// - Throws: An injected ``TransportError``; `CancellationError` when the task is cancelled.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        let route = Self.route(ofPath: request.url?.path ?? "")
        let failure = state.withLock { state -> FixtureFailure? in
            state.requests.append(request)
            guard var pending = state.remainingFailures[route], let first = pending.first else { return nil }
            if first.count <= 1 {
                pending.removeFirst()
            } else {
                pending[0] = FixtureFailure(route: first.route, count: first.count - 1, kind: first.kind)
            }
            state.remainingFailures[route] = pending
            return first.count > 0 ? first : nil
        }
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        let url = request.url ?? URL(fileURLWithPath: "/")
        switch failure?.kind {
        case .transport(let error):
            throw error
        case .status(let code, let headers, let body):
            return (body, try Self.response(url: url, status: code, headers: headers))
        case nil:
            break
        }
        guard let body = fixture(forRoute: route) else {
            let message = Data(#"{"error": "no fixture for route \#(route)"}"#.utf8)
            return (message, try Self.response(url: url, status: 404, headers: ["Content-Type": "application/json"]))
        }
        return (body, try Self.response(url: url, status: 200, headers: ["Content-Type": "application/json"]))
    }

    private func fixture(forRoute route: String) -> Data? {
        switch source {
        case .memory(let fixtures):
            return fixtures[route]
        case .directory(let directory):
            let components = route.split(separator: "/", omittingEmptySubsequences: false)
            guard !route.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                return nil
            }
            let file = directory.appendingPathComponent(route + ".json")
            return try? Data(contentsOf: file)
        }
    }

    /// The route of a URL path: the path without leading and trailing slashes.
    static func route(ofPath path: String) -> String {
        var route = Substring(path)
        while route.hasPrefix("/") { route.removeFirst() }
        while route.hasSuffix("/") { route.removeLast() }
        return String(route)
    }

    private static func response(url: URL, status: Int, headers: [String: String]) throws -> HTTPURLResponse {
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            throw TransportError(.invalidResponse, url: url, message: "cannot make an HTTP response with status \(status)")
        }
        return response
    }
}
