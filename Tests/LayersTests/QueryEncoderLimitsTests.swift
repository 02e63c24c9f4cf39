import DIDemoInfrastructure
import Foundation
import Testing

/// `QueryEncoder` on inputs a server can make large or odd: encoding must stay linear in the
/// number of values, and values a query cannot carry must throw.
@Suite("QueryEncoder limits")
struct QueryEncoderLimitsTests {
    struct IDs: Encodable { var ids: [Int] }
    struct Stamp: Encodable { var at: Date }

    @Test("100,000 array elements encode completely, comma-joined or as repeated keys")
    func largeArray() throws {
        // Copying the array on every append made this quadratic (72 s in release); a regression
        // shows as a test that does not finish, never as a timed assertion.
        let ids = Array(0..<100_000)
        let joined = try QueryEncoder().encode(IDs(ids: ids))
        #expect(joined.count == 1)
        #expect(joined.first?.value?.split(separator: ",").count == 100_000)
        #expect(joined.first?.value?.hasSuffix(",99999") == true)

        let repeated = try QueryEncoder(arrayEncodingStrategy: .repeatedKeys).encode(IDs(ids: ids))
        #expect(repeated.count == 100_000)
        #expect(repeated.last?.value == "99999")
    }

    @Test("a dictionary of 50,000 keys encodes every key once, in order")
    func largeDictionary() throws {
        let keys = (0..<50_000).map { String(format: "k%05d", $0) }
        let items = try QueryEncoder().encode(Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
        #expect(items.count == 50_000)
        #expect(Set(items.map(\.name)).count == 50_000)
    }

    static let nonFiniteDates: [Double] = [.nan, .infinity, -.infinity]

    @Test("a date that is not finite throws under every strategy, naming the parameter", arguments: nonFiniteDates)
    func nonFiniteDate(interval: Double) throws {
        let strategies: [QueryEncoder.DateEncodingStrategy] = [
            .iso8601, .secondsSince1970, .millisecondsSince1970, .custom { _ in "custom" },
        ]
        for strategy in strategies {
            let error = try #require(throws: QueryEncodingError.self) {
                try QueryEncoder(dateEncodingStrategy: strategy)
                    .encode(Stamp(at: Date(timeIntervalSinceReferenceDate: interval)))
            }
            #expect(error.keyPath == "at")
            #expect(error.reason.contains("is not finite"))
        }
    }
}
