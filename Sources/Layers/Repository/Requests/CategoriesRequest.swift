import DIDemoInfrastructure

/// `GET /categories`: every category.
struct CategoriesRequest: Request {
    typealias Response = ListEnvelope<CategoryDTO>
    var path: String { "/categories" }
}
