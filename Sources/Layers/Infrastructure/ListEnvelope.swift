/// The `{"items": [...]}` wrapper the API puts around every list.
///
/// Declare list endpoints with it instead of a wrapper type per list:
///
/// ```swift
/// struct RecentCoursesRequest: Request {
///     typealias Response = ListEnvelope<CourseDTO>
///     var path: String { "/courses/recent" }
/// }
/// let dtos = try await client.send(RecentCoursesRequest()).items
/// ```
public struct ListEnvelope<Item: Decodable & Sendable>: Decodable, Sendable {
    /// The listed items, in the server's order.
    public let items: [Item]

    /// Creates an envelope around `items` (for fixtures and tests).
    ///
    /// - Parameter items: The items.
    public init(items: [Item]) {
        self.items = items
    }
}

extension ListEnvelope: Equatable where Item: Equatable {}
