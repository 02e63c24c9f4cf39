import DIDemoDomain

/// A ranking section as the API sends it and as the cache stores it (in the `rankings` list).
struct RankingDTO: Codable, Sendable, Equatable {
    let id: Int
    let label: String
    let courseIds: [Int]

    /// The domain ranking.
    func entity() -> RankingContents {
        RankingContents(dto: self)
    }
}

extension RankingContents {
    fileprivate init(dto: RankingDTO) {
        self.init(id: dto.id, label: dto.label, courseIDs: dto.courseIds)
    }
}
