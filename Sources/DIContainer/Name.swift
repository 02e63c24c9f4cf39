/// A name that tells apart several registrations of the same type.
///
/// Registrations are keyed by type *and* optional name, so one protocol can have a remote
/// implementation (unnamed) and a local one (named `.local`):
///
/// ```swift
/// container.register(CourseRepository.self) { _ in RemoteCourseRepository() }
/// container.register(CourseRepository.self, name: .local) { _ in LocalCourseRepository() }
/// let cached = try container.resolve(CourseRepository.self, name: .local)
/// ```
///
/// Declare your own names in an extension, as string literals:
///
/// ```swift
/// extension Name { static let disk: Name = "disk" }
/// ```
public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible, Comparable {
    /// The name's text.
    public let rawValue: String
    /// The text's hash, computed once: resolving by name then hashes a word, not a string.
    let textHash: Int

    /// Creates a name from its text.
    ///
    /// - Parameter rawValue: The text that identifies the name; two names are equal when their
    ///   texts are.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.textHash = rawValue.hashValue
    }

    public static func == (lhs: Name, rhs: Name) -> Bool {
        lhs.textHash == rhs.textHash && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Name {
    /// The name of registrations backed by local storage (a cache) rather than the network.
    public static let local: Name = "local"
    /// The name of registrations that run off the main thread, such as the background scheduler.
    public static let background: Name = "background"
}
