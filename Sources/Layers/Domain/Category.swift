/// A topic grouping courses ("Programming", "Design", …), shown as a row of chips on the main
/// screen.
///
/// ```swift
/// let category = Category(id: 1, name: "Programming")
/// ```
public struct Category: Hashable, Sendable, Identifiable {
    /// The server's identifier of the category.
    public let id: Int
    /// The display name of the category.
    public let name: String

    /// Creates a category.
    ///
    /// - Parameters:
    ///   - id: The server's identifier of the category.
    ///   - name: The display name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
