/// A place in a source file, as compilers print it: `path:line:column`.
public struct SourcePlace: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as the tool was given it.
    public let path: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// Creates a place.
    public init(path: String, line: Int, column: Int) {
        (self.path, self.line, self.column) = (path, line, column)
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// `File.swift:12`, the short form used inside messages (the runtime prints `Module/File.swift:12`).
    public var short: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(file):\(line)"
    }

    public static func < (lhs: SourcePlace, rhs: SourcePlace) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// One thing the checker found: an error (the graph is wrong), or a warning (it could not tell,
/// or a key is registered twice and the order of `apply` decides).
public struct Finding: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// What kind of problem, named as `ResolutionError.Kind`'s cases (and `duplicate`,
    /// `unchecked`), so that tests can compare with `validate()`.
    public enum Kind: String, Sendable, Hashable {
        case notRegistered
        case argumentMismatch
        case circularDependency
        case captiveDependency
        case duplicate
        case unchecked
    }

    /// Error or warning.
    public var severity: Severity
    /// The problem's kind.
    public let kind: Kind
    /// Where it is reported.
    public let place: SourcePlace
    /// The message, in the runtime error's words.
    public let message: String
    /// The service the problem is about (the failing key, as `ServiceKey.description` prints it),
    /// for comparing with `validate()`.
    public let service: String
    /// Who asked for it (the registration whose factory asks), when known.
    public let requester: String?

    /// Creates a finding.
    public init(
        _ severity: Severity, _ kind: Kind, at place: SourcePlace, service: String, requester: String? = nil, message: String
    ) {
        self.severity = severity
        self.kind = kind
        self.place = place
        self.service = service
        self.requester = requester
        self.message = message
    }

    /// `path:line:col: error: message`, the line SwiftPM and Xcode show at its place.
    public var description: String { "\(place): \(severity.rawValue): \(message)" }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.place, lhs.message) < (rhs.place, rhs.message)
    }
}
