import Foundation

/// Encodes an `Encodable` value into URL query items, in declaration order.
///
/// Supported values: integers, floating point (finite), `Decimal`, `Bool` (`true`/`false`),
/// `String`, `URL` (absolute string), raw-value enums, `Date` (see ``DateEncodingStrategy``),
/// optionals (`nil` produces no item), arrays of those (see ``ArrayEncodingStrategy``) and nested
/// structs or string-keyed dictionaries, whose keys become dotted names (`filter.level=2`).
/// Anything else — arrays of structs, nested arrays, a top-level value that is not a struct or
/// dictionary, a non-finite number — throws a ``QueryEncodingError`` naming the key path.
///
/// The items hold plain values; ``percentEncodedQuery(_:)`` turns them into a query string in
/// which every character but the unreserved ones (`A–Z a–z 0–9 - . _ ~`) is percent-encoded, so
/// a value containing `&`, `=`, `+`, `#`, `%`, spaces or non-ASCII arrives as exactly one
/// parameter with exactly that value.
///
/// ```swift
/// struct Search: Encodable {
///     var text: String
///     var levels: [Int]
///     var page: Int?
///     var filter: Filter
/// }
/// let items = try QueryEncoder().encode(Search(text: "a&b", levels: [1, 2], page: nil,
///                                              filter: Filter(level: 2)))
/// // text=a&b, levels=1,2, filter.level=2
/// QueryEncoder.percentEncodedQuery(items)   // "text=a%26b&levels=1%2C2&filter.level=2"
/// ```
public struct QueryEncoder: Sendable {
    /// How dates become query values.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 in UTC, for example `2024-05-01T12:30:00Z` (the default).
        case iso8601
        /// Whole or fractional seconds since 1 January 1970, for example `1714566600`.
        case secondsSince1970
        /// Whole milliseconds since 1 January 1970, for example `1714566600000`.
        case millisecondsSince1970
        /// Your own formatting, for example a `Date.FormatStyle`.
        case custom(@Sendable (Date) -> String)
    }

    /// How arrays become query items.
    public enum ArrayEncodingStrategy: Sendable, Equatable {
        /// One item with the values joined by commas: `ids=1,2,3` (the default). Values that
        /// contain commas themselves are ambiguous in this form; use ``repeatedKeys`` for them.
        case commaSeparated
        /// One item per value with the same name: `ids=1&ids=2&ids=3`.
        case repeatedKeys
    }

    /// How dates are encoded; ``DateEncodingStrategy/iso8601`` by default.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// How arrays are encoded; ``ArrayEncodingStrategy/commaSeparated`` by default.
    public var arrayEncodingStrategy: ArrayEncodingStrategy

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - dateEncodingStrategy: How dates are encoded; ISO 8601 by default.
    ///   - arrayEncodingStrategy: How arrays are encoded; comma-separated by default.
    public init(
        dateEncodingStrategy: DateEncodingStrategy = .iso8601,
        arrayEncodingStrategy: ArrayEncodingStrategy = .commaSeparated
    ) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.arrayEncodingStrategy = arrayEncodingStrategy
    }

    /// Encodes `value` into query items, in the order its properties are encoded.
    ///
    /// - Parameter value: A struct, class or string-keyed dictionary.
    /// - Returns: The query items, with unencoded names and values.
    /// - Throws: ``QueryEncodingError`` for a shape a query cannot express, naming its key path;
    ///   any error thrown by the value's own `encode(to:)`.
    public func encode<Value: Encodable>(_ value: Value) throws -> [URLQueryItem] {
        let root = try QueryEncodingNode.encode(value, codingPath: [], options: self)
        return try QueryFlattener(arrayEncodingStrategy: arrayEncodingStrategy).flatten(root)
    }

    /// Joins `items` into a query string (without the leading `?`), percent-encoding every
    /// character of names and values except the unreserved ones `A–Z a–z 0–9 - . _ ~`.
    ///
    /// Use the result as `URLComponents.percentEncodedQuery`; unlike `queryItems`, it encodes
    /// `&`, `=`, `+`, `#` and `%` so that each value arrives as exactly one parameter.
    ///
    /// ```swift
    /// QueryEncoder.percentEncodedQuery([URLQueryItem(name: "q", value: "1+1=2 & más")])
    /// // "q=1%2B1%3D2%20%26%20m%C3%A1s"
    /// ```
    ///
    /// - Parameter items: The items; a `nil` value produces `name=` (empty value).
    /// - Returns: The query string; empty when `items` is empty.
    public static func percentEncodedQuery(_ items: [URLQueryItem]) -> String {
        items
            .map { "\(percentEncode($0.name))=\(percentEncode($0.value ?? ""))" }
            .joined(separator: "&")
    }

    /// Percent-encodes every UTF-8 byte of `string` except the unreserved characters
    /// `A–Z a–z 0–9 - . _ ~` (RFC 3986, section 2.3).
    ///
    /// - Parameter string: Any string.
    /// - Returns: The encoded string, for example `a%26b` for `a&b`.
    public static func percentEncode(_ string: String) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result += String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
