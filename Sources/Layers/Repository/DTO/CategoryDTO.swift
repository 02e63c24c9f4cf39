import DIDemoDomain

/// A category as the API sends it and as the cache stores it (in the `categories` list).
struct CategoryDTO: Codable, Sendable, Equatable {
    let id: Int
    let name: String

    /// The domain category.
    func entity() -> Category {
        Category(dto: self)
    }
}

extension Category {
    fileprivate init(dto: CategoryDTO) {
        self.init(id: dto.id, name: dto.name)
    }
}
