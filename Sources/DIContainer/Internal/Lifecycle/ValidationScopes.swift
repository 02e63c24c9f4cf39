/// The scopes validation opens for itself: one for each scope its registrations are kept in, so
/// that a dry run builds their instances there — never in a scope's container-wide generation,
/// and never refused as outside an open scope — and, once validation closes them, keeps nothing.
struct ValidationScopes {
    private let opened: [OpenScope]
    private let innermost: OpenScope?

    init(_ entries: [Entry]) {
        var innermost = OpenScope.innermost
        var opened: [OpenScope] = []
        for entry in entries {
            guard case .scoped(let scope) = entry.lifetime, scope.storage == nil, !opened.contains(where: { $0.scope == scope })
            else { continue }
            let open = OpenScope(scope, parent: innermost)
            opened.append(open)
            innermost = open
        }
        (self.opened, self.innermost) = (opened, innermost)
    }

    /// Runs `body` inside the scopes.
    func run<R>(_ body: () throws -> R) rethrows -> R {
        try OpenScope.$innermost.withValue(innermost, operation: body)
    }

    /// Runs `body` inside the scopes.
    func run<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R {
        try await OpenScope.$innermost.withValue(innermost, operation: body, isolation: isolation)
    }

    /// Closes the scopes; returns the endings of what was built in them.
    func close() -> [Ending] {
        opened.reversed().flatMap { $0.close() }
    }
}
