/// A name that tells apart several registrations of the same type.
///
/// Registrations are keyed by type *and* optional name, so one protocol can have a remote
/// implementation (unnamed) and a local one (named `.local`). The container ships no names:
/// declare your app's in an extension, as string literals.
///
/// ```swift
/// extension Name { static let local: Name = "local" }
///
/// container.register(CourseRepository.self) { _ in RemoteCourseRepository() }
/// container.register(CourseRepository.self, name: .local) { _ in LocalCourseRepository() }
/// let cached = try container.resolve(CourseRepository.self, name: .local)
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
