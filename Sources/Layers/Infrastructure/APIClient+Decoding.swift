import Foundation

extension APIClient {
    /// Decodes a 2xx body: snake_case keys, ISO 8601 dates; failures name the coding path.
    static func decode<Response: Decodable>(
        _ type: Response.Type, from data: Data, summary: RequestSummary
    ) throws -> Response {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }),
            let empty = EmptyResponse() as? Response
        {
            return empty
        }
        do {
            return try makeDecoder().decode(Response.self, from: data)
        } catch {
            throw APIError.decoding(reason: DecodingErrorDescription.describe(error), request: summary)
        }
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle().parse(text) {
                return date
            }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO 8601 date, found \"\(text)\"")
        }
        return decoder
    }
}
