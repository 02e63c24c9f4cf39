/// Resolving services.
extension Container: Resolver {
    /// The instance registered for `type` under `name`.
    ///
    /// ```swift
    /// let repository = try container.resolve(CourseRepository.self, name: .local)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    /// - Returns: The instance, built or reused according to the registration's lifetime.
    /// - Throws: `ResolutionError` when nothing is registered, on a circular dependency, when the
    ///   registration needs other arguments, when a factory fails, or when the registration has an
    ///   `async` factory. Never returns `nil`, never traps.
    @inlinable
    public func resolve<S>(_ type: S.Type, name: Name? = nil) throws -> S {
        try resolveNoArguments(S.self, name: name)
    }

    /// The unnamed instance registered for `type`: `resolve(type, name: nil)`.
    ///
    /// ```swift
    /// let presenter = try container.resolve(MainPresenter.self)
    /// ```
    ///
    /// - Throws: `ResolutionError`.
    @inlinable
    public func resolve<S>(_ type: S.Type) throws -> S {
        try resolveNoArguments(S.self, name: nil)
    }

    /// Both `resolve` forms without arguments, inlined into each (and into the caller), so
    /// reading a built singleton is specialized for `S`: no generic metadata, no dynamic cast.
    /// The entry found here is handed on, not looked up again.
    @inlinable @inline(__always)
    func resolveNoArguments<S>(_: S.Type, name: Name?) throws -> S {
        let key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        let found = unscopedEntry(for: key)
        if let found, let box = Self.builtSingleton(of: found) {
            return box._withUnsafeGuaranteedRef { $0.value(as: S.self) }
        }
        return try resolve(S.self, key: key, arguments: (), found: found)
    }

    /// `resolve(_:name:)` for a factory's resolver, which has looked up the thread's stack
    /// already: the container's resolution runs on it.
    @inline(__always)
    func resolve<S>(_: S.Type, name: Name?, on stack: ResolutionStack) throws -> S {
        let key = Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments)
        return try resolve(S.self, key: key, arguments: (), from: .current(on: stack), on: stack, found: unscopedEntry(for: key))
    }

    /// The registration for `key` when no test-override or validation scope is open and tracing
    /// is off — the only case the inlined fast path handles — unretained (see
    /// `Registry.unretainedEntry(for:)`).
    @usableFromInline @inline(__always)
    func unscopedEntry(for key: Key) -> Unmanaged<Entry>? {
        guard CurrentScope.openCount.load(ordering: .relaxed) == 0, !tracing.isEnabled else { return nil }
        return unretainedEntry(for: key)
    }

    /// The built instance of a singleton registration, unretained: the box lives as long as its
    /// entry.
    @usableFromInline
    static func builtSingleton(of entry: Unmanaged<Entry>) -> Unmanaged<AnyInstanceBox>? {
        entry._withUnsafeGuaranteedRef { entry in
            entry.lifetime == .singleton ? entry.cell.unretainedInstance() : nil
        }
    }

    /// The instance registered for `type` under `name`, built with runtime arguments.
    ///
    /// ```swift
    /// let presenter = try container.resolve(CourseDetailPresenter.self, arguments: courseID)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - arguments: The values the factory takes, of the registered types in the registered order.
    /// - Throws: `ResolutionError`; of kind `argumentMismatch` when the types differ from the
    ///   registration's.
    public func resolve<S, each A>(_ type: S.Type, name: Name? = nil, arguments: repeat each A) throws -> S {
        try resolve(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments))
    }

    /// The instance registered for `type` under `name`, running `async` factories (and
    /// synchronous ones) as needed.
    ///
    /// ```swift
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S>(_ type: S.Type, name: Name? = nil) async throws -> S {
        try await resolveAsync(S.self, key: Key(type: ObjectIdentifier(S.self), name: name, arguments: Key.noArguments), arguments: (), from: nil)
    }

    /// The instance registered for `type` under `name`, built with runtime arguments, running
    /// `async` factories as needed.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - name: The registration's name; `nil` for the unnamed one.
    ///   - arguments: The values the factory takes.
    /// - Throws: `ResolutionError`.
    public func resolveAsync<S, each A>(_ type: S.Type, name: Name? = nil, arguments: repeat each A) async throws -> S {
        try await resolveAsync(
            S.self, key: Key(S.self, name: name, arguments: (repeat each A).self),
            arguments: (repeat each arguments), from: nil)
    }

    /// Every registration of `type` that takes no runtime arguments, whatever its name, in
    /// registration order: ancestors' first, then this container's, then those added by test
    /// overrides. Use it for plug-ins and interceptors (multibinding).
    ///
    /// ```swift
    /// container.register(Interceptor.self, name: "auth") { _ in AuthInterceptor() }
    /// container.register(Interceptor.self, name: "logging") { _ in LoggingInterceptor() }
    /// let interceptors = try container.resolveAll(Interceptor.self)   // [auth, logging]
    /// ```
    ///
    /// - Parameter type: The service type.
    /// - Returns: One instance per registration; empty when there is none.
    /// - Throws: `ResolutionError` when one of them fails to resolve.
    public func resolveAll<S>(_ type: S.Type) throws -> [S] {
        let stack = ResolutionStack.current(key: stackKey)
        return try resolveAll(S.self, from: .current(on: stack), on: stack)
    }

    // MARK: - Engine

    func resolveAll<S>(_: S.Type, from origin: Origin, on stack: ResolutionStack) throws -> [S] {
        let scope = origin.scope(on: stack)
        var seen: Set<Key> = []
        var entries = lineage.reversed().flatMap { $0.registry.entries(ofType: ObjectIdentifier(S.self)) }
        entries += scope?.overrides(ofType: ObjectIdentifier(S.self), in: self) ?? []
        // The last registration of a key answers it; its place is the first one's.
        var keys: [Key] = []
        for entry in entries where entry.key.arguments == Key.noArguments && seen.insert(entry.key).inserted {
            keys.append(entry.key)
        }
        return try keys.map { try resolve(S.self, key: $0, arguments: (), from: origin, on: stack) }
    }

    /// Resolves `key` synchronously: a dependency of the factory running on this thread, if one
    /// is, else a new resolution. `found` is the entry the inlined `resolve` already looked up.
    @usableFromInline
    func resolve<S, Args>(_: S.Type, key: Key, arguments: Args, found: Unmanaged<Entry>? = nil) throws -> S {
        let stack = ResolutionStack.current(key: stackKey)
        return try resolve(S.self, key: key, arguments: arguments, from: .current(on: stack), on: stack, found: found)
    }

    /// Resolves `key` synchronously, for a new resolution or a factory's dependency.
    @inline(__always)
    func resolve<S, Args>(
        _: S.Type, key: Key, arguments: Args, from origin: Origin, on stack: ResolutionStack,
        found: Unmanaged<Entry>? = nil
    ) throws -> S {
        let scope = origin.scope(on: stack)
        guard let found = found ?? unretainedEntry(for: key, scope: scope) else {
            throw missing(S.self, key: key, arguments: Args.self, from: origin, on: stack, scope: scope)
        }
        // Unretained: the entry lives as long as the registry (or override scope) that answered.
        return try found._withUnsafeGuaranteedRef { entry in
            // The hot path: a singleton already built, outside any test or validation scope.
            if scope == nil, entry.lifetime == .singleton, !tracing.isEnabled, let box = entry.cell.load() {
                return box.value(as: S.self)
            }
            if entry.isAsync {
                throw ResolutionError(.asyncFactory, path: origin.path(on: stack) + [entry.service])
            }
            if entry.lifetime == .transient, !tracing.isEnabled {
                try enter(entry, from: origin, on: stack, scope: scope)
                defer { stack.pop() }
                return try run(S.self, entry, arguments, stack)
            }
            // A graph instance this resolution already built is final: no new step, no cycle
            // check (validation still records the edge, so it goes the long way).
            if entry.lifetime == .graph, !tracing.isEnabled, scope?.recorder == nil,
               let box = origin.graphInstance(of: entry, on: stack) {
                return box.value(as: S.self)
            }
            return try resolveShared(S.self, entry: entry, arguments: arguments, from: origin, on: stack, scope: scope)
        }
    }

    /// The lifetimes that keep instances (and tracing), out of line: their generic temporaries
    /// (`S?` and boxes) would otherwise make every transient step fetch metadata for them.
    @inline(never)
    private func resolveShared<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, from origin: Origin, on stack: ResolutionStack, scope: Scope?
    ) throws -> S {
        try enter(entry, from: origin, on: stack, scope: scope)
        defer { stack.pop() }
        let factory = unsafeDowncast(entry, to: FactoryBox<S, Args>.self)
        let start = tracing.start()
        let value: S
        var created = true
        switch entry.lifetime {
        case .transient:
            value = try run(S.self, entry, arguments, stack)
        case .graph:
            if let box = stack.graphInstance(of: entry) {
                value = box.value(as: S.self)
                created = false
            } else {
                let made = factory.box(try run(S.self, entry, arguments, stack))
                value = (stack.storeGraphInstance(made, of: entry) ?? made).value(as: S.self)
            }
        case .singleton:
            let cell = scope?.cell(for: entry) ?? entry.cell
            if let box = cell.load() {
                value = box.value(as: S.self)
                created = false
            } else {
                value = try cell.singleton(owner: stack.owner, onDeadlock: { Self.deadlock(building: entry, path: stack.path) }) {
                    factory.box(try run(S.self, entry, arguments, stack))
                }.value(as: S.self)
            }
        case .weak:
            (value, created) = try resolveWeak(S.self, entry: entry, arguments: arguments, on: stack, scope: scope)
        }
        if start != 0 {
            tracing.finish(entry, depth: stack.innermost.depth, scope: scope, created: created, since: start)
        }
        return value
    }

    /// The `weak` lifetime's instance and whether it is new, out of line: its `S?` temporary
    /// makes the function that holds it fetch `Optional<S>`'s metadata on every call.
    @inline(never)
    private func resolveWeak<S, Args>(
        _: S.Type, entry: Entry, arguments: Args, on stack: ResolutionStack, scope: Scope?
    ) throws -> (S, created: Bool) {
        let cell = scope?.cell(for: entry) ?? entry.cell
        if let existing = cell.weakInstance(S.self) {
            return (existing, false)
        }
        return (cell.storeWeak(try run(S.self, entry, arguments, stack)), true)
    }

    /// Runs a factory for the innermost step of `stack`, turning its errors into what the caller
    /// of `resolve` sees. The factory gets this container's `resolver`: what it resolves on this
    /// thread while it runs continues the resolution.
    @inline(__always)
    private func run<S, Args>(_: S.Type, _ entry: Entry, _ arguments: Args, _ stack: ResolutionStack) throws -> S {
        do {
            return try unsafeDowncast(entry, to: FactoryBox<S, Args>.self).make(resolver, arguments)
        } catch {
            throw Self.wrap(error, path: stack.path, site: stack.innermost.entry.takeUnretainedValue().site)
        }
    }

    /// Checks a new synchronous step for cycles and runaway depth, records it for validation,
    /// and pushes it on the thread's stack.
    @inline(__always)
    private func enter(_ entry: Entry, from origin: Origin, on stack: ResolutionStack, scope: Scope?) throws {
        scope?.recorder?.observe(entry)
        switch origin {
        case .top(let unretainedScope, let base):
            if let base = base?.takeUnretainedValue() {
                scope?.recorder?.record(Dependency(entry), of: base.entry)
                try checkStep(entry, cycleStart: base.ancestor(building: entry)?.depth, parentDepth: base.depth) { base.path }
            }
            stack.pushTop(entry, in: self, scope: unretainedScope, base: base)
        case .nested:
            let parent = stack.innermost
            scope?.recorder?.record(Dependency(entry), of: parent.entry.takeUnretainedValue())
            try checkStep(entry, cycleStart: stack.depthOfStep(building: entry), parentDepth: parent.depth) { stack.path }
            stack.pushNested(entry, in: self)
        }
    }

    /// Throws when a step for `entry` would close a cycle (`cycleStart` is the depth of the step
    /// already building it) or go deeper than allowed below a step at `parentDepth`.
    @inline(__always)
    private func checkStep(
        _ entry: Entry, cycleStart: Int?, parentDepth: Int, parentPath: () -> [ServiceKey]
    ) throws {
        if let cycleStart {
            let path = parentPath()
            throw ResolutionError(
                .circularDependency(cycle: Array(path.dropFirst(cycleStart - 1)) + [entry.service]),
                path: path + [entry.service])
        }
        if parentDepth >= Self.maximumDepth || !StackGuard.allowsDeeper(at: parentDepth) {
            throw ResolutionError(.depthLimitExceeded(limit: parentDepth), path: parentPath() + [entry.service])
        }
    }

    /// Resolves `key`, running an `async` factory if the registration has one.
    func resolveAsync<S, Args>(_: S.Type, key: Key, arguments: Args, from parent: Frame?) async throws -> S {
        let scope = parent == nil ? CurrentScope.current : parent?.scope
        let origin = Origin.top(scope, base: parent)
        guard let entry = entry(for: key, scope: scope) else {
            throw missing(S.self, key: key, arguments: Args.self, from: origin, on: .current(key: stackKey), scope: scope)
        }
        guard entry.isAsync else {
            return try resolve(S.self, key: key, arguments: arguments, from: origin, on: .current(key: stackKey))
        }
        let frame = try enter(entry, from: parent, scope: scope)
        let factory = unsafeDowncast(entry, to: AsyncFactoryBox<S, Args>.self)
        // The arguments go to the factory once; for a singleton that factory runs in the task
        // that builds it, which is why they cross into a `@Sendable` closure.
        nonisolated(unsafe) let arguments = arguments
        let make = { @Sendable () async throws -> S in
            do {
                return try await factory.make(frame, arguments)
            } catch {
                throw Self.wrap(error, path: frame.path, site: frame.entry.site)
            }
        }
        let start = tracing.start()
        var created = true
        let value: S
        switch entry.lifetime {
        case .transient:
            value = try await make()
        case .graph:
            if let box = frame.graphInstance(of: entry) {
                created = false
                value = box.value(as: S.self)
            } else {
                let made = InstanceBox(try await make())
                value = frame.storeGraphInstance(made, of: entry).value(as: S.self)
            }
        case .singleton:
            let cell = scope?.cell(for: entry) ?? entry.cell
            created = cell.load() == nil
            value = try await cell.singleton(
                owner: ObjectIdentifier(frame.top), onDeadlock: { Self.deadlock(building: entry, path: frame.path) }
            ) {
                InstanceBox(try await make())
            }.value(as: S.self)
        case .weak:
            let cell = scope?.cell(for: entry) ?? entry.cell
            if let existing = cell.weakInstance(S.self) {
                created = false
                value = existing
            } else {
                value = cell.storeWeak(try await make())
            }
        }
        if start != 0 {
            tracing.finish(entry, depth: frame.depth, scope: scope, created: created, since: start)
        }
        return value
    }

    /// Checks a new step of an `async` resolution for cycles and runaway depth, records it for
    /// validation, and makes its frame.
    private func enter(_ entry: Entry, from parent: Frame?, scope: Scope?) throws -> Frame {
        scope?.recorder?.observe(entry)
        guard let parent else {
            return Frame(entry: entry, scope: scope, container: self)
        }
        scope?.recorder?.record(Dependency(entry), of: parent.entry)
        try checkStep(entry, cycleStart: parent.ancestor(building: entry)?.depth, parentDepth: parent.depth) { parent.path }
        return Frame(entry: entry, parent: parent)
    }

    /// A factory's error as seen by the caller of `resolve`: errors of nested resolves pass
    /// through with their own (deeper) path; anything else becomes `factoryFailed`.
    private static func wrap(_ error: any Error, path: [ServiceKey], site: String) -> any Error {
        if error is ResolutionError || error is CancellationError { return error }
        return ResolutionError(.factoryFailed(underlying: error), path: path, registrationSite: site)
    }

    /// The error for a resolution that would wait for itself: `path` ends with `entry`.
    private static func deadlock(building entry: Entry, path: [ServiceKey]) -> any Error {
        ResolutionError(.circularDependency(cycle: [entry.service, entry.service]), path: path)
    }

    /// The error for a key nothing answers, recorded as a dependency during validation.
    private func missing<S, Args>(
        _: S.Type, key: Key, arguments: Args.Type, from origin: Origin, on stack: ResolutionStack, scope: Scope?
    ) -> ResolutionError {
        let requested = ServiceKey(
            typeName: displayName(of: S.self), name: key.name, argumentTypeNames: Self.elementNames(of: Args.self))
        if let parent = origin.parentEntry(on: stack) {
            scope?.recorder?.record(Dependency(key: key, service: requested), of: parent)
        }
        return missingError(for: key, requested: requested, path: origin.path(on: stack) + [requested], scope: scope)
    }

    /// An argument mismatch when the type and name are registered with other arguments, else
    /// "not registered" with the near misses (the type under other names).
    func missingError(for key: Key, requested: ServiceKey, path: [ServiceKey], scope: Scope?) -> ResolutionError {
        var candidates: [Entry] = scope?.overrides(ofType: key.type, in: self) ?? []
        candidates += lineage.flatMap { $0.registry.entries(ofType: key.type) }
        var seen: Set<Key> = []
        candidates = candidates.filter { seen.insert($0.key).inserted }
        let sameName = candidates.filter { $0.key.name == key.name }
        if !sameName.isEmpty {
            return ResolutionError(
                .argumentMismatch(registered: sameName.map { $0.service.argumentTypeNames }, given: requested.argumentTypeNames),
                path: path)
        }
        return ResolutionError(.notRegistered, path: path, nearMisses: candidates.map(\.service).sorted())
    }

    /// The element type names of an argument tuple type: `(Int, String)` → `["Int", "String"]`.
    private static func elementNames(of tuple: Any.Type) -> [String] {
        if ObjectIdentifier(tuple) == Key.noArguments { return [] }
        let text = displayName(of: tuple)
        guard text.hasPrefix("("), text.hasSuffix(")") else { return [text] }
        // Split at top-level commas only: `(Dictionary<String, Int>, Int)` has two elements.
        var names: [String] = []
        var depth = 0
        var current = ""
        for character in text.dropFirst().dropLast() {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                names.append(String(current.drop { $0 == " " }))
                current = ""
            } else {
                current.append(character)
            }
        }
        names.append(String(current.drop { $0 == " " }))
        return names
    }
}
