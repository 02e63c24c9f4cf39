import DIContainerLocking

/// Decorators: wrapping what a registration builds without touching the registration.
extension Container {
    /// Wraps every instance the registration of `type` under `name` builds: logging, caching or
    /// metrics around a service, added where the app is assembled.
    ///
    /// ```swift
    /// container.decorate(CourseRepository.self) { r, inner in
    ///     LoggingCourseRepository(inner, log: try r.resolve(Log.self))
    /// }
    /// ```
    ///
    /// - It runs on what the factory (or a context variant) built, in the same resolution, before
    ///   the lifetime keeps it: a singleton is decorated once. Several apply in the order added.
    /// - `decorate` and `register` may come in any order; decorating drops instances built
    ///   undecorated. For an inherited registration, this container gets a decorated copy of it;
    ///   in `withOverrides`, the scope's view is decorated, but a test's replacement is not wrapped by
    ///   the app's decorators (the test gets its mock as is). Ready-made instances never are.
    ///
    /// - Parameters:
    ///   - type: The service type, as registered.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - file: The file adding it, for errors and introspection; leave the default.
    ///   - line: The line adding it, for errors and introspection; leave the default.
    ///   - decorator: Returns the instance to use in place of `inner`, usually one wrapping it.
    ///     Errors it throws reach the caller of `resolve` as
    ///     `ResolutionError.Kind.factoryFailed`.
    public func decorate<S>(
        _ type: S.Type, name: Name? = nil, file: StaticString = #fileID, line: Int = #line,
        decorator: @escaping @Sendable (_ resolver: any Resolver, _ inner: S) throws -> S
    ) {
        let key = DecorationKey(Key(S.self, name: name, arguments: Void.self))
        let decorator = AnyDecorator(decorator, site: "\(file):\(line)")
        let own = registry.addDecorator(decorator, for: key)
        adoptDecorated(key, from: parent, scope: nil, except: own)
    }

    /// Copies into this container, decorated, the registrations of `key` that `source` (a parent
    /// container, or the target of an override scope) answers and this container does not have.
    func adoptDecorated(_ key: DecorationKey, from source: Container?, scope: OverrideScope?, except own: [Key]) {
        guard let source else { return }
        var candidates = source.overridingEntries(ofType: key.type, scope: scope)
        candidates += source.lineage.flatMap { $0.registry.entries(ofType: key.type) }
        var seen = Set(own)
        for entry in candidates where entry.key.name == key.name && seen.insert(entry.key).inserted {
            // The nearest registration of a key answers it; a ready-made instance is not decorated.
            guard !entry.isInstance else { continue }
            registry.addUnlessRegistered(entry.adopted())
        }
    }

    /// Gives the registrations an override scope's container made the scope's decorators, and
    /// copies in, decorated, those of the container the scope overrides that it decorates.
    func adoptDecorations(into replacements: Container, scope: OverrideScope?) {
        for key in replacements.registry.decoratedKeys {
            let own = replacements.registry.allEntries.filter { DecorationKey($0.key) == key }.map(\.key)
            replacements.adoptDecorated(key, from: self, scope: scope, except: own)
        }
    }
}

/// A decorator (`Container.decorate`), with the type it applies to erased: it wraps only
/// instances of that type.
struct AnyDecorator: Sendable {
    /// Where it was added, for introspection.
    let site: String
    private let body: @Sendable (any Resolver, Any) throws -> Any

    init<S>(_ decorate: @escaping @Sendable (any Resolver, S) throws -> S, site: String) {
        self.site = site
        // A `switch`, not `as? S`: see `cast(_:to:otherwise:)`.
        body = { resolver, inner in
            switch inner {
            case let inner as S: try decorate(resolver, inner)
            default: inner
            }
        }
    }

    func apply<S>(_ inner: S, _ resolver: any Resolver) throws -> S {
        try cast(body(resolver, inner), to: S.self) { inner }
    }
}

/// What a decorator applies to: a type and name, whatever the runtime arguments.
struct DecorationKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: Name?

    init(_ key: Key) {
        type = key.type
        name = key.name
    }
}
