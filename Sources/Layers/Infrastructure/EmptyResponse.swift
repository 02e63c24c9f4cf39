/// The ``Request/Response`` of endpoints that answer without a body (for example HTTP 204).
///
/// ``APIClient`` accepts an empty body for it; any JSON body is ignored.
///
/// ```swift
/// struct DeleteBookmark: Request {
///     typealias Response = EmptyResponse
///     var method: HTTPMethod { .delete }
///     var path: String { "/bookmarks/42" }
/// }
/// ```
public struct EmptyResponse: Decodable, Sendable, Equatable {
    /// Creates the empty response.
    public init() {}

    /// Decodes anything, ignoring it.
    ///
    /// - Parameter decoder: The decoder; not read.
    public init(from decoder: any Decoder) throws {}
}
