import Foundation

/// The one JSON format of cache entries, shared by the file and in-memory stores so they behave
/// alike: sorted keys, ISO 8601 dates.
enum CacheCoding {
    static func encode<Value: Encodable>(_ value: Value, key: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return try encoder.encode(value)
        } catch {
            throw CacheError.encodingFailed(key: key, reason: String(describing: error))
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) -> CacheLookup<Value> {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return .hit(try decoder.decode(Value.self, from: data))
        } catch {
            return .miss(.corrupt(reason: DecodingErrorDescription.describe(error)))
        }
    }
}
