import DIDemoInfrastructure
import Foundation
import Testing

@Suite("QueryEncoder")
struct QueryEncoderTests {
    // MARK: Supported values

    struct Scalars: Encodable {
        enum Level: String, Encodable { case beginner, advanced }
        enum Rank: Int, Encodable { case gold = 1 }
        var int = -42
        var int8: Int8 = 8
        var uint64: UInt64 = 18_446_744_073_709_551_615
        var double = 1.5
        var float: Float = 0.25
        var decimal = Decimal(string: "12.50") ?? 0
        var yes = true
        var no = false
        var text = "plain"
        var url = URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/")
        var level = Level.advanced
        var rank = Rank.gold
        var date = Date(timeIntervalSince1970: 1_714_566_600)
        var missing: Int? = nil
        var present: Int? = 7
    }

    @Test("every supported scalar type encodes to its text, in declaration order, nil omitted")
    func scalars() throws {
        let items = try QueryEncoder().encode(Scalars())
        #expect(
            items.map(\.name) == [
                "int", "int8", "uint64", "double", "float", "decimal", "yes", "no", "text", "url", "level", "rank",
                "date", "present",
            ])
        #expect(
            items.map(\.value) == [
                "-42", "8", "18446744073709551615", "1.5", "0.25", "12.5", "true", "false", "plain",
                "https://example.com/a?b=c", "advanced", "1", "2024-05-01T12:30:00Z", "7",
            ])
    }

    struct Dated: Encodable {
        var at = Date(timeIntervalSince1970: 1_714_566_600.25)
    }

    static let dateCases: [(String, QueryEncoder.DateEncodingStrategy, String)] = [
        ("iso8601", .iso8601, "2024-05-01T12:30:00Z"),
        ("seconds", .secondsSince1970, "1714566600.25"),
        ("milliseconds", .millisecondsSince1970, "1714566600250"),
        ("custom", .custom { date in "day-\(Int(date.timeIntervalSince1970) / 86_400)" }, "day-19844"),
    ]

    @Test("dates use the selected strategy", arguments: 0..<4)
    func dates(index: Int) throws {
        let (_, strategy, expected) = Self.dateCases[index]
        let items = try QueryEncoder(dateEncodingStrategy: strategy).encode(Dated())
        #expect(items == [URLQueryItem(name: "at", value: expected)])
    }

    @Test("whole seconds since 1970 have no fraction")
    func wholeSeconds() throws {
        let items = try QueryEncoder(dateEncodingStrategy: .secondsSince1970)
            .encode(Dated(at: Date(timeIntervalSince1970: 1_714_566_600)))
        #expect(items == [URLQueryItem(name: "at", value: "1714566600")])
    }

    // MARK: Arrays, nesting, optionals

    struct Listing: Encodable {
        var ids: [Int] = [3, 1, 2]
        var tags: [String] = ["a b", "c"]
        var empty: [Int] = []
        var sparse: [Int?] = [1, nil, 3]
    }

    @Test("arrays are comma-joined by default; empty arrays and nil elements are left out")
    func arraysCommaSeparated() throws {
        let items = try QueryEncoder().encode(Listing())
        #expect(
            items == [
                URLQueryItem(name: "ids", value: "3,1,2"),
                URLQueryItem(name: "tags", value: "a b,c"),
                URLQueryItem(name: "sparse", value: "1,3"),
            ])
    }

    @Test("arrays can repeat the key instead")
    func arraysRepeated() throws {
        let items = try QueryEncoder(arrayEncodingStrategy: .repeatedKeys).encode(Listing())
        #expect(
            items.map { "\($0.name)=\($0.value ?? "nil")" } == [
                "ids=3", "ids=1", "ids=2", "tags=a b", "tags=c", "sparse=1", "sparse=3",
            ])
    }

    struct Search: Encodable {
        struct Filter: Encodable {
            struct Range: Encodable {
                var min: Int
                var max: Int?
            }
            var level: Int
            var duration: Range
            var language: String?
        }
        var text: String
        var filter: Filter
        var page: Int?
    }

    @Test("nested values become dotted keys; nil leaves are omitted at any depth")
    func nesting() throws {
        let search = Search(
            text: "swift",
            filter: .init(level: 2, duration: .init(min: 30, max: nil), language: nil),
            page: nil)
        let items = try QueryEncoder().encode(search)
        #expect(
            items == [
                URLQueryItem(name: "text", value: "swift"),
                URLQueryItem(name: "filter.level", value: "2"),
                URLQueryItem(name: "filter.duration.min", value: "30"),
            ])
    }

    @Test("a string-keyed dictionary encodes its entries as parameters")
    func dictionary() throws {
        let items = try QueryEncoder().encode(["only": "one"])
        #expect(items == [URLQueryItem(name: "only", value: "one")])
    }

    @Test("EmptyQuery produces no items")
    func emptyQuery() throws {
        #expect(try QueryEncoder().encode(EmptyQuery()).isEmpty)
    }

    // MARK: Unsupported shapes

    struct Tag: Encodable { var name: String }
    struct ObjectArray: Encodable {
        struct Filter: Encodable { var tags: [Tag] }
        var filter: Filter
    }
    struct NestedArray: Encodable { var matrix: [[Int]] }
    struct NotANumber: Encodable {
        struct Price: Encodable { var amount: Double }
        var price: Price
    }

    static let unsupportedCases: [(String, @Sendable () throws -> [URLQueryItem], String, String)] = [
        (
            "array of objects", { try QueryEncoder().encode(ObjectArray(filter: .init(tags: [Tag(name: "x")]))) },
            "filter.tags[0]", "arrays of objects are not supported"
        ),
        (
            "nested arrays", { try QueryEncoder().encode(NestedArray(matrix: [[1], [2]])) },
            "matrix[0]", "nested arrays are not supported"
        ),
        ("top-level scalar", { try QueryEncoder().encode(42) }, "", "top-level value is a single value"),
        ("top-level array", { try QueryEncoder().encode([1, 2]) }, "", "top-level value is an array"),
        (
            "non-finite number", { try QueryEncoder().encode(NotANumber(price: .init(amount: .infinity))) },
            "price.amount", "not finite"
        ),
    ]

    @Test("unsupported shapes throw an error naming the key path", arguments: 0..<5)
    func unsupported(index: Int) throws {
        let (_, encode, keyPath, reason) = Self.unsupportedCases[index]
        let error = try #require(throws: QueryEncodingError.self) { try encode() }
        #expect(error.keyPath == keyPath)
        #expect(error.reason.contains(reason))
        #expect(error.description.contains(keyPath.isEmpty ? "query value" : "\"\(keyPath)\""))
    }

    @Test("the error description names the parameter and the problem")
    func errorDescription() {
        let error = QueryEncodingError(keyPath: "filter.tags[1]", reason: "arrays of objects are not supported")
        #expect(error.description == #"query parameter "filter.tags[1]": arrays of objects are not supported"#)
    }

    // MARK: Percent-encoding

    static let injectionCases: [(value: String, encoded: String)] = [
        ("a&b=c", "a%26b%3Dc"),
        ("1+1", "1%2B1"),
        ("x#frag", "x%23frag"),
        ("100%", "100%25"),
        ("two words", "two%20words"),
        ("café ☕", "caf%C3%A9%20%E2%98%95"),
        ("a/b?c", "a%2Fb%3Fc"),
        ("unreserved-._~AZaz09", "unreserved-._~AZaz09"),
        ("", ""),
    ]

    @Test(
        "values are percent-encoded with only unreserved characters left as they are",
        arguments: injectionCases)
    func percentEncoding(value: String, encoded: String) {
        let query = QueryEncoder.percentEncodedQuery([URLQueryItem(name: "q", value: value)])
        #expect(query == "q=\(encoded)")
    }

    @Test(
        "an encoded query parses back into exactly the original parameters",
        arguments: injectionCases.map(\.value))
    func roundTrip(value: String) throws {
        let items = [URLQueryItem(name: "k&=", value: value), URLQueryItem(name: "next", value: "1")]
        var components = URLComponents()
        components.percentEncodedQuery = QueryEncoder.percentEncodedQuery(items)
        #expect(components.queryItems == items)
    }
}
