import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// The URL request for `request`, without the `Authorization` header.
    func makeURLRequest<R: Request>(for request: R, summary: RequestSummary) throws -> URLRequest {
        let baseURL = configuration.baseURL
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw APIError.invalidRequest(reason: "the base URL \(baseURL.redactedDescription) is not a valid URL", request: summary)
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let relativePath = request.path.hasPrefix("/") ? request.path : "/\(request.path)"
        guard let encodedPath = relativePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
            throw APIError.invalidRequest(reason: "the path cannot be percent-encoded", request: summary)
        }
        components.percentEncodedPath = basePath + encodedPath

        let items: [URLQueryItem]
        do {
            items = try queryEncoder.encode(request.query)
        } catch {
            throw APIError.invalidRequest(reason: String(describing: error), request: summary)
        }
        let query = [components.percentEncodedQuery ?? "", QueryEncoder.percentEncodedQuery(items)]
            .filter { !$0.isEmpty }
            .joined(separator: "&")
        components.percentEncodedQuery = query.isEmpty ? nil : query

        guard let url = components.url else {
            throw APIError.invalidRequest(reason: "the path does not form a valid URL with the base URL", request: summary)
        }
        let timeout = request.settings.timeout ?? configuration.defaultTimeout
        var urlRequest = URLRequest(url: url, timeoutInterval: Self.seconds(timeout))
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let body = request.body {
            urlRequest.httpBody = body
            if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
                urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        return urlRequest
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
