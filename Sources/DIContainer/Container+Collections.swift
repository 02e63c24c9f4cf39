/// Named collections: every named registration of a type, by name.
extension Container {
    /// Declares the named collection of `type`: resolving `[Name: T]` gives every named
    /// registration of `T` by name, and `[:]` when there is none (undeclared, that is an error).
    ///
    /// Resolving `[Name: T]` needs no declaration: it collects every registration of `T` under a
    /// name (without runtime arguments) visible from the container — its own, its ancestors', the
    /// test overrides in effect — and leaves the unnamed one out (that is `resolve(T.self)`):
    ///
    /// ```swift
    /// container.register((any Handler).self, name: "orders") { _ in OrdersHandler() }
    /// container.register((any Handler).self, name: "refunds") { _ in RefundsHandler() }
    /// let handlers = try container.resolve([Name: any Handler].self)   // ["orders": …, "refunds": …]
    /// ```
    ///
    /// Each member is resolved as `resolve(T.self, name:)` would, in the same resolution (its
    /// lifetime decides whether it is new), and is a dependency of the service that asked
    /// (`registrations`, the graph, `validate()`). Undeclared, a collection with no member
    /// throws `ResolutionError.Kind.notRegistered` — a forgotten module is reported, not an empty
    /// dictionary. Declared, it is a registration of `[Name: T]` of its own (transient), shown
    /// in `registrations` and the graph with its members as dependencies, which may be empty.
    ///
    /// ```swift
    /// container.registerCollection(of: (any Handler).self)   // plug-ins are optional here
    /// ```
    ///
    /// - Parameters:
    ///   - type: The element type, `T`.
    ///   - file: The file declaring it, for errors and introspection; leave the default.
    ///   - line: The line declaring it, for errors and introspection; leave the default.
    /// - Returns: The registration of `[Name: T]`.
    @discardableResult
    public func registerCollection<T: Sendable>(
        of type: T.Type, file: StaticString = #fileID, line: Int = #line
    ) -> Registration<[Name: T]> {
        register([Name: T].self, lifetime: .transient, file: file, line: line) { resolver in
            var result: [Name: T] = [:]
            let (container, scope) = Self.origin(of: resolver)
            for (name, _) in container?.namedKeys(of: T.self, scope: scope) ?? [] {
                result[name] = try resolver.resolve(T.self, name: name)
            }
            return result
        }
    }

    /// The container a resolver resolves from, and the test overrides it resolves under.
    private static func origin(of resolver: any Resolver) -> (Container?, OverrideScope?) {
        if let step = resolver as? Step { return (step.container, step.isFinished ? step.container.currentScope : step.resolution.scope) }
        if let container = resolver as? Container { return (container, container.currentScope) }
        return (nil, nil)
    }
}
