/// How long a kept instance lives, for the captive-dependency rule: an order of lifetimes in which
/// a consumer may depend on whatever lives at least as long. Singleton, weak and custom instances
/// live with the container; a scope's generation until its reset; an open scope while it is open,
/// and a scope opened inside it no longer than it. Transient and `graph` instances keep nothing
/// (`nil`): the consumer is whoever keeps them.
enum Lifespan: Comparable {
    /// Kept by the innermost open scopes: `distance` 0 is the innermost, outer ones are larger.
    case openScope(distance: Int)
    /// Kept by a scope's generation, outside any `withScope` of it.
    case generation
    /// Kept by the container (singleton, weak, custom).
    case container

    /// How long `entry`'s instance lives where the calling task runs.
    init?(of entry: Entry) {
        switch entry.lifetime {
        case .transient, .graph:
            return nil
        case .scoped(let scope) where scope.storage == nil:
            guard let distance = OpenScope.innermost?.distance(to: scope) else {
                self = .generation
                return
            }
            self = .openScope(distance: distance)
        default:
            self = .container
        }
    }

    /// The consumer's lifetime in words, for the captive-dependency error.
    func description(of consumer: Entry) -> String {
        switch self {
        case .container:
            if case .weak = consumer.lifetime { return "a weak instance, kept while anybody holds it" }
            if case .singleton = consumer.lifetime { return "a singleton" }
            return "kept by its custom lifetime"
        case .generation:
            if case .scoped(let scope) = consumer.lifetime { return "one per generation of the \(scope) scope, outside withScope" }
            return "kept until reset"
        case .openScope:
            if case .scoped(let scope) = consumer.lifetime { return "kept by an open \(scope) scope enclosing that one" }
            return "kept by an enclosing open scope"
        }
    }
}

extension OpenScope {
    /// How many scopes lie between the innermost one (this) and the innermost open `scope`, or
    /// `nil` when none is open.
    func distance(to scope: Scope) -> Int? {
        var distance = 0
        var current: OpenScope? = self
        while let open = current {
            if open.scope == scope { return distance }
            distance += 1
            current = open.parent
        }
        return nil
    }
}
