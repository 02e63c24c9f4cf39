/// `?limit=<n>`.
struct LimitQuery: Encodable, Sendable, Equatable {
    let limit: Int
}

/// `?ids=<id>,<id>,…` (the query encoder comma-joins arrays).
struct IDsQuery: Encodable, Sendable, Equatable {
    let ids: [Int]
}
