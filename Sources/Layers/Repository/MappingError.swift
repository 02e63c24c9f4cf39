/// A record from the server (or the cache) that cannot become a domain entity.
///
/// The repositories never drop or repair bad records silently: the whole call fails with this
/// error, naming the record, the field, the value and the rule it breaks.
///
/// ```swift
/// do { _ = try await repository.userCourses(ids: [101]) }
/// catch let error as MappingError {
///     print(error)   // Invalid user course for course 101: progress 1.5 must be between 0 and 1.
/// }
/// ```
public struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which record is invalid, e.g. "user course for course 101".
    public let record: String
    /// The offending field, e.g. "progress".
    public let field: String
    /// The offending value, as received.
    public let value: String
    /// The rule the value breaks, e.g. "must be between 0 and 1".
    public let rule: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - record: Which record is invalid.
    ///   - field: The offending field.
    ///   - value: The offending value, as received.
    ///   - rule: The rule the value breaks.
    public init(record: String, field: String, value: String, rule: String) {
        self.record = record
        self.field = field
        self.value = value
        self.rule = rule
    }

    /// "Invalid <record>: <field> <value> <rule>."
    public var description: String {
        "Invalid \(record): \(field) \(value) \(rule)."
    }
}
