import Foundation
import Locking

/// Contexts: which variant of a registration answers depends on where the code runs.
extension Container {
    /// The contexts the process was launched in, detected once: `.test` under XCTest or Swift
    /// Testing, `.preview` in an Xcode preview, `.debug` in a debug build, `.argument(name)` for
    /// each `-name`/`--name` argument and `.environment(NAME)` for each variable set to `1`,
    /// `true` or `yes`.
    ///
    /// ```swift
    /// if Container.activeContexts.contains(.argument("mock-server")) { print("using fixtures") }
    /// ```
    public static let activeContexts: Set<Context> = {
        var contexts = Context.detect(arguments: ProcessInfo.processInfo.arguments, environment: ProcessInfo.processInfo.environment)
        if isDebugBuild { contexts.insert(.debug) }
        if NSClassFromString("XCTestCase") != nil { contexts.insert(.test) }  // XCTest loaded (Apple platforms)
        return contexts
    }()

    /// The contexts in effect for the current task: those of `withContexts`, else the launch's.
    public static var currentContexts: Set<Context> {
        ContextScope.value ?? activeContexts
    }

    /// Runs `operation` with `contexts` in place of the active ones, for every container the
    /// task resolves from: a test of a preview variant, of a launch argument's, or of the app
    /// outside a test (`[]`). Task-local, like `withOverrides`: child tasks inherit it,
    /// `Task.detached` does not. Instances a variant keeps stay that variant's.
    ///
    /// ```swift
    /// try Container.withContexts([.preview]) { try container.resolve((any Transport).self) }
    /// ```
    ///
    /// - Parameters:
    ///   - contexts: The contexts in effect while `operation` runs.
    ///   - operation: Runs with those contexts.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withContexts<R>(_ contexts: Set<Context>, operation: () throws -> R) rethrows -> R {
        try ContextScope.$value.withValue(contexts, operation: operation)
    }

    /// The `async` form of `withContexts(_:operation:)`.
    ///
    /// - Parameters:
    ///   - contexts: The contexts in effect while `operation` runs.
    ///   - isolation: The caller's isolation, kept for `operation`.
    ///   - operation: Runs with those contexts.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withContexts<R>(
        _ contexts: Set<Context>, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await ContextScope.$value.withValue(contexts, operation: operation, isolation: isolation)
    }

    /// `Container.withContexts(_:operation:)`, spelled on a container: the contexts apply to
    /// every container the task resolves from.
    ///
    /// ```swift
    /// let transport = try container.withContexts([.preview]) { try container.resolve((any Transport).self) }
    /// ```
    ///
    /// - Parameters:
    ///   - contexts: The contexts in effect while `operation` runs.
    ///   - operation: Runs with those contexts.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withContexts<R>(_ contexts: Set<Context>, operation: () throws -> R) rethrows -> R {
        try Self.withContexts(contexts, operation: operation)
    }

    /// The `async` form of `withContexts(_:operation:)`.
    ///
    /// - Parameters:
    ///   - contexts: The contexts in effect while `operation` runs.
    ///   - isolation: The caller's isolation, kept for `operation`.
    ///   - operation: Runs with those contexts.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withContexts<R>(
        _ contexts: Set<Context>, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await Self.withContexts(contexts, isolation: isolation, operation: operation)
    }

    /// Validates the container as it answers in `contexts` (see `validate()`).
    ///
    /// ```swift
    /// try container.validate(in: [.test])   // every live-only service a test must override
    /// ```
    ///
    /// - Parameter contexts: The contexts to check.
    /// - Throws: `ValidationError` listing every problem.
    public func validate(in contexts: Set<Context>) throws {
        try Self.withContexts(contexts) { try validate() }
    }

    #if DEBUG
        static let isDebugBuild = true
    #else
        static let isDebugBuild = false
    #endif
}

/// The contexts `withContexts` put in effect.
enum ContextScope {
    @TaskLocal static var value: Set<Context>?
}

extension Registration {
    /// Adds a variant that answers instead of this registration while `context` is active. It
    /// is a registration of its own — with its own lifetime (this one's unless given) and its own
    /// instances, so a switch of context never hands out another context's singleton — under
    /// this registration's key: test overrides win over it, re-registering the service drops it.
    ///
    /// ```swift
    /// container.register((any Transport).self, lifetime: .singleton) { _ in URLSessionTransport() }
    ///     .when(.test) { _ in FixtureTransport(directory: fixtures) }
    ///     .when(.argument("mock-server")) { _ in FixtureTransport(directory: fixtures) }
    /// ```
    ///
    /// A later variant for the same context replaces the earlier one. For the order among
    /// several active contexts see `Context`. A registration with runtime arguments takes a
    /// factory with the same arguments.
    ///
    /// - Parameters:
    ///   - context: The context the variant answers in.
    ///   - lifetime: The variant's lifetime; this registration's when `nil`.
    ///   - file: The file adding it, for introspection; leave the default.
    ///   - line: The line adding it, for introspection; leave the default.
    ///   - factory: Builds the service in that context.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func when<each A>(
        _ context: Context, lifetime: Lifetime? = nil, file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) throws -> Service
    ) -> Registration<Service> {
        addVariant(
            context,
            .sync(
                Service.self, name: entry.key.name, argumentTypes: entry.argumentTypes, lifetime: lifetime ?? entry.lifetime,
                file: file, line: line
            ) { (resolver, arguments: (repeat each A)) in try factory(resolver, repeat each arguments) })
    }

    /// Adds a variant with an `async` factory; see `when(_:lifetime:file:line:factory:)`.
    ///
    /// - Parameters:
    ///   - context: The context the variant answers in.
    ///   - lifetime: The variant's lifetime; this registration's when `nil`.
    ///   - file: The file adding it, for introspection; leave the default.
    ///   - line: The line adding it, for introspection; leave the default.
    ///   - factory: Builds the service in that context.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func when<each A>(
        _ context: Context, lifetime: Lifetime? = nil, file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) async throws -> Service
    ) -> Registration<Service> {
        addVariant(
            context,
            .async(
                Service.self, name: entry.key.name, argumentTypes: entry.argumentTypes, lifetime: lifetime ?? entry.lifetime,
                file: file, line: line
            ) { (resolver, arguments: (repeat each A)) in try await factory(resolver, repeat each arguments) })
    }

    /// Adds a variant built by an initializer whose parameters are resolved by type (see
    /// `Container.register(_:name:lifetime:file:line:initializer:)`): its dependencies are
    /// declared, so `validate()` and the graph know them without building it.
    ///
    /// ```swift
    /// .when(.mockServer, initializer: FixtureTransport.init(configuration:))
    /// ```
    ///
    /// - Parameters:
    ///   - context: The context the variant answers in.
    ///   - lifetime: The variant's lifetime; this registration's when `nil`.
    ///   - file: The file adding it, for introspection; leave the default.
    ///   - line: The line adding it, for introspection; leave the default.
    ///   - initializer: A function from the dependencies to the service.
    /// - Returns: This registration, for chaining.
    @_disfavoredOverload
    @discardableResult
    public func when<each D>(
        _ context: Context, lifetime: Lifetime? = nil, file: StaticString = #fileID, line: Int = #line,
        initializer: @escaping @Sendable (repeat each D) throws -> Service
    ) -> Registration<Service> {
        addVariant(
            context,
            .sync(
                Service.self, name: entry.key.name, lifetime: lifetime ?? entry.lifetime,
                dependencyTypes: Container.types(repeat (each D).self), file: file, line: line
            ) { (resolver, _: Void) in try initializer(repeat resolver.resolve((each D).self, name: nil)) })
    }

    /// Removes the variant for `context`; the registration and its other variants stay.
    ///
    /// ```swift
    /// registration.removeVariant(.test)
    /// ```
    ///
    /// - Parameter context: The context whose variant goes, with the instances it kept.
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func removeVariant(_ context: Context) -> Registration<Service> {
        entry.contexts.load()?.state.withLock { $0.variants.removeAll { $0.context == context } }
        return self
    }

    /// Marks the registration live-only: the real thing (a network, a payment provider) that no
    /// test may reach by accident. In a test context, resolving it — directly or as a
    /// dependency — without a test override or a variant for the active contexts throws
    /// `ResolutionError.Kind.liveOnly`, and `validate()` lists every such service. Outside tests
    /// it resolves as usual.
    ///
    /// ```swift
    /// container.register((any Transport).self, lifetime: .singleton) { _ in URLSessionTransport() }
    ///     .liveOnly()
    /// ```
    ///
    /// - Returns: This registration, for chaining.
    @discardableResult
    public func liveOnly() -> Registration<Service> {
        guard let refusal = (entry.factory as? any Refusable)?.refusal(of: entry) else { return self }
        entry.variants.state.withLock { $0.refusal = refusal }
        return self
    }

    private func addVariant(_ context: Context, _ variant: Entry) -> Registration<Service> {
        precondition(variant.key == entry.key, "a variant takes the runtime arguments of its registration, \(entry.service)")
        if let decorations = container.decorationsBox.load() { variant.addDecorators(decorations.decorators(for: variant.key)) }
        entry.variants.state.withLock { state in
            state.variants.removeAll { $0.context == context }
            state.variants.append((context, variant))
        }
        return self
    }
}

/// A registration's variants and live-only mark (`Entry.contexts`, made on first use).
final class ContextVariants: Sendable {
    struct State {
        var variants: [(context: Context, entry: Entry)] = []
        /// Answers a test context for a live-only registration: its factory throws.
        var refusal: Entry?
    }

    let state = Locked(State())

    /// The registration that answers for `base` in the current task's contexts.
    func answer(_ base: Entry) -> Entry {
        let contexts = Container.currentContexts
        let state = state.withLock { $0 }
        let active = state.variants.filter { contexts.contains($0.context) }
        if let best = active.min(by: { $0.context.rank < $1.context.rank }) { return best.entry }
        if let refusal = state.refusal, contexts.contains(.test) { return refusal }
        return base
    }
}

extension Entry {
    /// The registration answering for this one in the current task's contexts (itself when it
    /// has no variants and is not live-only: then no task-local is read).
    var answering: Entry {
        contexts.load()?.answer(self) ?? self
    }

    var variants: ContextVariants {
        contexts.load() ?? contexts.storeIfNil(ContextVariants())
    }

    /// Whether this is a live-only registration's stand-in in a test context.
    func isRefusal(of base: Entry) -> Bool {
        self !== base && base.contexts.load()?.state.withLock { $0.refusal } === self
    }
}

/// A factory that can make its live-only registration's stand-in: a transient registration under
/// the same key whose factory throws `ResolutionError.Kind.liveOnly`.
protocol Refusable {
    func refusal(of entry: Entry) -> Entry
}

extension SyncFactory: Refusable {
    func refusal(of entry: Entry) -> Entry {
        Entry.refusal(of: entry, SyncFactory<S, Args> { resolver, _ in throw ResolutionError.liveOnly(entry, resolver) })
    }
}

extension AsyncFactory: Refusable {
    func refusal(of entry: Entry) -> Entry {
        Entry.refusal(of: entry, SyncFactory<S, Args> { resolver, _ in throw ResolutionError.liveOnly(entry, resolver) })
    }
}

extension Entry {
    fileprivate static func refusal(of entry: Entry, _ factory: AnyObject & Sendable) -> Entry {
        Entry(
            key: entry.key, serviceType: entry.serviceType, argumentTypes: entry.argumentTypes, lifetime: .transient,
            kind: .sync, factory: factory, file: entry.file, line: entry.line)
    }
}

extension ResolutionError {
    /// The error of a live-only registration resolved in a test context.
    static func liveOnly(_ entry: Entry, _ resolver: any Resolver) -> ResolutionError {
        ResolutionError(.liveOnly, path: (resolver as? Step)?.path ?? [entry.service], registrationSite: entry.site)
    }
}

extension Container {
    /// `entries` as they answer in the current contexts, and an error for each live-only one
    /// a test context refuses.
    static func answering(_ entries: [Entry]) -> ([Entry], [ResolutionError]) {
        var answering: [Entry] = []
        var refused: [ResolutionError] = []
        for entry in entries {
            let answer = entry.answering
            if answer.isRefusal(of: entry) {
                refused.append(ResolutionError(.liveOnly, path: [entry.service], registrationSite: entry.site))
            } else {
                answering.append(answer)
            }
        }
        return (answering, refused)
    }
}
