import DIDemoInfrastructure

/// `GET /rankings`: every ranking section.
struct RankingsRequest: Request {
    typealias Response = ListEnvelope<RankingDTO>
    var path: String { "/rankings" }
}
