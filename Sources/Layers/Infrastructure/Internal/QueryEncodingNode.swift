import Foundation

/// The intermediate tree ``QueryEncoder`` builds before flattening it into query items.
///
/// A reference type because `Encoder` containers are values that must write into shared
/// storage; a tree lives only for one synchronous `encode` call and never crosses threads.
final class QueryEncodingNode {
    enum Content {
        case empty
        case null
        case scalar(String)
        case keyed([(key: String, node: QueryEncodingNode)])
        case unkeyed([QueryEncodingNode])
    }

    var content: Content

    init(_ content: Content = .empty) {
        self.content = content
    }

    var unkeyedCount: Int {
        if case .unkeyed(let elements) = content { elements.count } else { 0 }
    }

    func makeKeyed() {
        if case .keyed = content { return }
        content = .keyed([])
    }

    func makeUnkeyed() {
        if case .unkeyed = content { return }
        content = .unkeyed([])
    }

    // Each append moves the array out of `content` first (leaving `.empty` behind), so the
    // array is uniquely referenced and grows in place: encoding n values costs O(n), where
    // copying it on every append cost O(n²) (100,000 ids took 72 s).

    func append(_ child: QueryEncodingNode, forKey key: String) {
        guard case .keyed(var entries) = content else {
            content = .keyed([(key, child)])
            return
        }
        content = .empty
        entries.append((key, child))
        content = .keyed(entries)
    }

    func append(_ child: QueryEncodingNode) {
        guard case .unkeyed(var elements) = content else {
            content = .unkeyed([child])
            return
        }
        content = .empty
        elements.append(child)
        content = .unkeyed(elements)
    }

    /// Encodes `value` into a new node: scalars directly, everything else through `encode(to:)`.
    static func encode<Value: Encodable>(
        _ value: Value, codingPath: [any CodingKey], options: QueryEncoder
    ) throws -> QueryEncodingNode {
        let node = QueryEncodingNode()
        try node.store(value, codingPath: codingPath, options: options)
        return node
    }

    /// Stores `value` in this node.
    func store<Value: Encodable>(_ value: Value, codingPath: [any CodingKey], options: QueryEncoder) throws {
        if let scalar = try Self.scalar(value, codingPath: codingPath, options: options) {
            content = .scalar(scalar)
        } else {
            try value.encode(to: QueryValueEncoder(node: self, codingPath: codingPath, options: options))
        }
    }

    /// The query text of a value the query format supports directly, or `nil` for a value that
    /// must encode itself (structs, arrays, enums, optionals).
    private static func scalar(_ value: Any, codingPath: [any CodingKey], options: QueryEncoder) throws -> String? {
        switch value {
        case let string as String:
            return string
        case let bool as Bool:
            return bool ? "true" : "false"
        case let integer as any BinaryInteger:
            return "\(integer)"
        case let double as Double:
            try checkFinite(double.isFinite, "the number \(double)", codingPath)
            return "\(double)"
        case let float as Float:
            try checkFinite(float.isFinite, "the number \(float)", codingPath)
            return "\(float)"
        case let decimal as Decimal:
            try checkFinite(decimal.isFinite, "the number \(decimal)", codingPath)
            return "\(decimal)"
        case let url as URL:
            return url.absoluteString
        case let date as Date:
            let interval = date.timeIntervalSinceReferenceDate
            try checkFinite(interval.isFinite, "the date (time interval \(interval))", codingPath)
            return format(date, options.dateEncodingStrategy)
        default:
            return nil
        }
    }

    /// Throws for a non-finite number or date; `value` names it ("the number nan").
    private static func checkFinite(_ isFinite: Bool, _ value: String, _ codingPath: [any CodingKey]) throws {
        guard isFinite else {
            throw QueryEncodingError(
                keyPath: keyPath(codingPath),
                reason: "\(value) is not finite; a query can only carry finite numbers and dates"
            )
        }
    }

    private static func format(_ date: Date, _ strategy: QueryEncoder.DateEncodingStrategy) -> String {
        switch strategy {
        case .iso8601:
            return date.formatted(Date.ISO8601FormatStyle())
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, let whole = Int64(exactly: seconds) {
                return "\(whole)"
            }
            return "\(seconds)"
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            return Int64(exactly: milliseconds).map { "\($0)" } ?? "\(milliseconds)"
        case .custom(let format):
            return format(date)
        }
    }

    /// `filter.tags[1]` for a coding path.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue, key is QueryIndexKey {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}

/// The coding key of an element of an unkeyed container.
struct QueryIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(_ index: Int) { self.intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The coding key of `superEncoder()`.
struct QuerySuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
