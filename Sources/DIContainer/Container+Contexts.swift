import DIContainerLocking
import Foundation

extension Container {
    /// The contexts detected at launch: `Context.detect(arguments:environment:)`, `.debug`, XCTest.
    public static let activeContexts: Set<Context> = {
        var contexts = Context.detect(arguments: ProcessInfo.processInfo.arguments, environment: ProcessInfo.processInfo.environment)
        if isDebugBuild { contexts.insert(.debug) }
        if NSClassFromString("XCTestCase") != nil { contexts.insert(.test) }  // XCTest loaded (Apple platforms)
        return contexts
    }()

    /// The contexts in effect for the current task: those of `withContexts`, else `activeContexts`.
    public static var currentContexts: Set<Context> { ContextScope.value ?? activeContexts }

    /// Runs `operation` with `contexts` (`[]`: the app outside tests) in place of the active ones,
    /// for every container. Task-local, like `withOverrides`: `Task.detached` does not inherit it.
    ///
    /// ```swift
    /// let transport = try Container.withContexts([.preview]) { try container.resolve((any Transport).self) }
    /// ```
    public static func withContexts<R>(_ contexts: Set<Context>, operation: () throws -> R) rethrows -> R {
        try ContextScope.$value.withValue(contexts, operation: operation)
    }

    /// The `async` form of `withContexts(_:operation:)`.
    public static func withContexts<R>(
        _ contexts: Set<Context>, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await ContextScope.$value.withValue(contexts, operation: operation, isolation: isolation)
    }

    /// `Container.withContexts(_:operation:)`: the contexts apply to every container.
    public func withContexts<R>(_ contexts: Set<Context>, operation: () throws -> R) rethrows -> R {
        try ContextScope.$value.withValue(contexts, operation: operation)
    }

    /// `validate()` in `contexts`: `[.test]` lists every live-only service a test must override.
    public func validate(in contexts: Set<Context>) throws {
        try Self.withContexts(contexts) { try validate() }
    }

    // The library's own configuration: SwiftPM and Xcode build it with the app's.
    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// `entries` as they answer in the current contexts, and an error for each one refused.
    static func answering(_ entries: [Entry]) -> ([Entry], [ResolutionError]) {
        var refused: [ResolutionError] = []
        let answering = entries.compactMap { entry in
            let answer = entry.answering
            guard answer.isRefusal(of: entry) else { return answer }
            refused.append(ResolutionError(.liveOnly, path: [entry.service], registrationSite: entry.site))
            return nil
        }
        return (answering, refused)
    }
}

enum ContextScope {  // the contexts `withContexts` put in effect
    @TaskLocal static var value: Set<Context>?
}

extension Registration {
    /// Adds a variant that answers instead of this registration while `context` is active, with
    /// its own lifetime (this one's when `nil`) and instances: a switch of context never hands
    /// out another context's singleton. Overrides win over it; a later variant for the context
    /// replaces it. Its factory takes the registration's runtime arguments.
    ///
    /// ```swift
    /// container.register((any Transport).self, lifetime: .singleton) { _ in URLSessionTransport() }
    ///     .when(.test) { _ in FixtureTransport(directory: fixtures) }
    /// ```
    @discardableResult
    public func when<each A>(
        _ context: Context, lifetime: Lifetime? = nil, file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (any Resolver, repeat each A) throws -> Service
    ) -> Registration<Service> {
        addVariant(
            context,
            .sync(
                Service.self, name: key.name, argumentTypes: Container.types(repeat (each A).self),
                lifetime: lifetime ?? registered.lifetime,
                file: file, line: line
            ) { (resolver, arguments: (repeat each A)) in try factory(resolver, repeat each arguments) })
    }

    /// Removes the variant for `context` and its instances; the registration stays.
    @discardableResult
    public func removeVariant(_ context: Context) -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, _ in current.varied(context, nil) }
        return self
    }

    /// Marks the registration live-only (a network, a payment provider): in a test context,
    /// resolving it — directly or as a dependency — without a test override or an active variant
    /// throws `ResolutionError.Kind.liveOnly`, `validate()` lists every such service as a problem,
    /// and `validateAsync()` returns them as what tests override.
    @discardableResult
    public func liveOnly() -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, _ in current.markedLiveOnly() }
        return self
    }

    private func addVariant(_ context: Context, _ variant: Entry) -> Registration<Service> {
        container.registry.update(key, of: registered.registration) { current, decorators in
            // A variant taking other runtime arguments than the registration answers with the mismatch.
            let mismatch = ResolutionError.Kind.argumentMismatch(
                registered: [variant.argumentTypes.map(displayName(of:))], given: current.argumentTypes.map(displayName(of:)))
            let variant = variant.key == current.key ? variant : current.refusal(mismatch)
            return current.varied(context, variant.decorated(by: decorators))
        }
        return self
    }
}

extension Entry.Additions {
    /// The registration answering for `base` in the task's contexts: the variant of the
    /// highest-ranked active context, else in a test context a live-only registration's refusal,
    /// else `base`.
    func answer(_ base: Entry) -> Entry {
        guard !variants.isEmpty || refusal != nil else { return base }
        let contexts = Container.currentContexts
        let active = variants.filter { contexts.contains($0.context) }
        if let best = active.min(by: { $0.context.rank < $1.context.rank }) { return best.entry }
        if let refusal, contexts.contains(.test) { return refusal }
        return base
    }
}

extension Entry {
    /// The registration answering for this one in the task's contexts (itself, read for free, if
    /// nothing was added to it).
    var answering: Entry { additions?.answer(self) ?? self }

    /// This registration and its variants.
    var withVariants: [Entry] { [self] + variants.map(\.entry) }

    /// Whether this entry is `base`'s live-only refusal.
    func isRefusal(of base: Entry) -> Bool {
        self !== base && base.additions?.refusal === self
    }
}
