/// One registration, as an immutable record: how to build the service, which lifetime keeps it,
/// and what was added to it after `register` (decorators, hooks, context variants, a live-only
/// mark). Adding any of those makes a new entry that the registry swaps in under its lock
/// (`Registry.update`), so changes made on several threads at once all end up in the registration.
/// Every entry is a `Factory<S, Args>`, which holds the factory, typed: one allocation.
///
/// What a run of the factory asks for is not kept here but in `LearnedDependencies`.
// `@unchecked Sendable`, reviewed: open only to `Factory` (the initializer is file-private), and
// every stored property here and there is a `let` of a `Sendable` type.
class Entry: @unchecked Sendable {
    /// How the factory runs; `mainActor`: synchronously, isolated to the main actor; `forwarding`:
    /// it has no factory of its own but answers with another registration's instance.
    enum Kind: Sendable { case sync, async, mainActor, forwarding }

    typealias Hook = @Sendable (any Resolver, Any) throws -> Void
    /// An `onShutdown` hook, given the kept instance's box and how its lifetime ended, with the
    /// longest it is waited for.
    struct ShutdownHook: Sendable {
        let timeout: Duration?
        let run: @Sendable (InstanceBox, ShutdownReason) async throws -> Void
    }

    /// What was added after `register`; `nil` for most registrations, which the engine then reads
    /// no further.
    final class Additions: Sendable {
        let decorators: [AnyDecorator]
        let hooks: [Hook]
        /// Its context variants (`Registration.when`), each a registration of its own.
        let variants: [(context: Context, entry: Entry)]
        /// What answers in a test context for a live-only registration (`Registration.liveOnly`).
        let refusal: Entry?
        /// What runs when a kept instance's lifetime ends (`Registration.onShutdown`).
        let shutdownHooks: [ShutdownHook]
        /// Whether `Container.start()` builds it (`Registration.eager()`).
        let isEager: Bool

        init(
            decorators: [AnyDecorator] = [], hooks: [Hook] = [], variants: [(context: Context, entry: Entry)] = [],
            refusal: Entry? = nil, shutdownHooks: [ShutdownHook] = [], isEager: Bool = false
        ) {
            (self.decorators, self.hooks, self.variants, self.refusal) = (decorators, hooks, variants, refusal)
            (self.shutdownHooks, self.isEager) = (shutdownHooks, isEager)
        }

        var isEmpty: Bool {
            decorators.isEmpty && hooks.isEmpty && variants.isEmpty && refusal == nil && shutdownHooks.isEmpty && !isEager
        }
    }

    /// What a registration is, but for its factory and additions.
    struct Definition: Sendable {
        let key: Key
        let serviceType: Any.Type
        var argumentTypes: [Any.Type] = []
        let lifetime: Lifetime
        /// The parameters of an auto-wired initializer, known without building anything.
        var dependencyTypes: [Any.Type]? = nil
        /// The registration this one answers with (`Registration.implements`), found by key in the
        /// container that registered both.
        var forwarding: Forwarding? = nil
        let file: StaticString
        var kind = Kind.sync
        var isInstance = false
        /// Whether an ordinary run learns what the factory asks for: validation could not learn it
        /// by running the factory itself without consequence (the instance is kept; the factory is
        /// `async`, main-actor or takes runtime arguments; hooks would run again). Others learn in
        /// validation's dry run, so that a plain resolve does not pay for it. Set by `Entry.init`.
        fileprivate(set) var learnsOnRuns = false
        let line: Int32
    }

    /// Where a forwarded type's instance comes from: its target's key in the registry of the
    /// container that forwarded it (weak: that registry holds this entry).
    final class Forwarding: Sendable {
        let target: Key
        weak let registry: Registry?

        init(target: Key, registry: Registry) {
            (self.target, self.registry) = (target, registry)
        }
    }

    let definition: Definition
    /// Where this registration's lifetime keeps instances; `nil` for `transient` and `graph`.
    let slot: Slot?
    let additions: Additions?
    /// The entry `register` made, when this one was made from it by adding something; for that
    /// entry itself, `Entry.madeByRegister` (one word where an optional would take two: with the
    /// learning flag in the definition, an entry is one allocation size class smaller). What a
    /// `Registration` changes is its own registration's entry only.
    private let origin: ObjectIdentifier

    /// The `origin` of an entry that `register` made: the identity of the class object, which
    /// no entry's identity equals.
    private static var madeByRegister: ObjectIdentifier { ObjectIdentifier(Entry.self) }

    fileprivate init(_ definition: Definition, slot: Slot?, additions: Additions?, origin: ObjectIdentifier?) {
        let additions = additions?.isEmpty == true ? nil : additions
        let kind = definition.kind
        var definition = definition
        definition.learnsOnRuns =
            slot != nil || (kind != .sync && kind != .forwarding) || definition.key.arguments != Key.noArguments
            || additions?.hooks.isEmpty == false
        (self.slot, self.additions, self.origin) = (slot, additions, origin ?? Self.madeByRegister)
        self.definition = definition
    }

    deinit {
        LearnedDependencies.shared.forget(EntryID(self))
    }

    /// Which registration this entry is, whatever was added to it since `register`.
    var registration: ObjectIdentifier { origin == Self.madeByRegister ? ObjectIdentifier(self) : origin }

    /// See `Definition.learnsOnRuns`.
    var learnsOnRuns: Bool { definition.learnsOnRuns }

    var key: Key { definition.key }
    var serviceType: Any.Type { definition.serviceType }
    var argumentTypes: [Any.Type] { definition.argumentTypes }
    var lifetime: Lifetime { definition.lifetime }
    var kind: Kind { definition.kind }
    /// A ready-made instance (`register(_:name:instance:)`): shared by every override scope.
    var isInstance: Bool { definition.isInstance }
    var file: StaticString { definition.file }
    var line: Int32 { definition.line }
    var decorators: [AnyDecorator] { additions?.decorators ?? [] }
    var hooks: [Hook] { additions?.hooks ?? [] }
    var variants: [(context: Context, entry: Entry)] { additions?.variants ?? [] }
    var shutdownHooks: [ShutdownHook] { additions?.shutdownHooks ?? [] }
    var isEager: Bool { additions?.isEager ?? false }
    /// Dependencies known without building anything (initializer auto-wiring), else `nil`.
    var declaredDependencies: [Dependency]? { definition.dependencyTypes?.map(Dependency.init(declared:)) }

    /// The registration a forwarded type answers with, if this is one and it is still registered.
    var forwardingTarget: Entry? {
        definition.forwarding.flatMap { $0.registry?.entry(for: $0.target) }
    }

    /// Whether the factory is `async`.
    var isAsync: Bool { kind == .async }
    var isMainActor: Bool { kind == .mainActor }

    /// The registration in readable form (made on demand: type names are costly).
    var service: ServiceKey {
        ServiceKey(serviceType, name: key.name, argumentTypes: argumentTypes)
    }

    /// `Module/File.swift:12`.
    var site: String { "\(file):\(line)" }

    /// One of 64 bits, spread by the entry's identity: `Step.inFlight` sets it for a path's entries.
    var filterBit: UInt64 {
        1 << ((UInt64(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(self)))) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// This entry as the `Factory` it is, for a step that looked it up by key.
    func factory<S, Args>(_: S.Type, _: Args.Type) -> Factory<S, Args> {
        // An unsafe cast with its reason: the key proves the types; every entry under a key of
        // service `S` and arguments `Args` is a `Factory<S, Args>` (a variant or refusal too).
        unsafeDowncast(self, to: Factory<S, Args>.self)
    }

    // MARK: - New entries from this one (each `Factory` makes them with its typed factory)

    /// This registration with `additions` instead of its own; `freshSlot`: with a store of its
    /// own (what was built before is built again), else sharing this one's instances.
    func with(_ additions: Additions?, freshSlot: Bool) -> Entry { self }

    /// An entry answering `key` in place of this one by throwing `kind` (a live-only
    /// registration in a test context, a variant taking other runtime arguments).
    func refusal(_ kind: ResolutionError.Kind) -> Entry { self }

    /// An entry for `type` under `name` that answers with this registration's instance.
    func alias<F>(_ type: F.Type, name: Name?, in container: Container, file: StaticString, line: Int) -> Entry { self }

    // MARK: - Steps that need the factory's types

    /// A step of this registration for a forwarded type's step, with the runtime arguments the
    /// forwarded type was asked with; the instance.
    func stepForwarded(arguments: Any, parent: Step?, resolution: Resolution) throws -> Any {
        throw Refusal(kind: .notRegistered)
    }

    func stepForwardedAsync(arguments: Any, parent: Step?, resolution: Resolution) async throws -> Any {
        throw Refusal(kind: .notRegistered)
    }

    /// Resolves this registration at top level in validation's dry run, as `resolve` would: only
    /// registrations without runtime arguments; `async` ones only by `dryRunAsync`.
    func dryRun(in container: Container, _ mode: Resolution.DryRun) throws {}

    func dryRunAsync(in container: Container, _ mode: Resolution.DryRun) async throws {}

    /// Resolves this registration at top level for `Container.start()`, as `resolve` would (a
    /// main-actor one on the main actor), keeping what its lifetime keeps.
    func startUp(in container: Container) async throws {}

    // MARK: - Additions

    /// This registration decorated by `decorators` too, built again; its variants as well. A
    /// ready-made instance is never built, so never decorated.
    func decorated(by decorators: [AnyDecorator]) -> Entry {
        guard !decorators.isEmpty, !isInstance, kind != .forwarding else { return self }
        return changing(freshSlot: true) { parts in
            parts.decorators += decorators
            parts.variants = parts.variants.map { ($0.context, $0.entry.decorated(by: decorators)) }
        }
    }

    /// This registration with `hook` run after each new instance.
    func hooked(_ hook: @escaping Hook) -> Entry {
        changing(freshSlot: false) { $0.hooks.append(hook) }
    }

    /// This registration with `variant` answering in `context` (replacing one there), or without
    /// the variant of `context` when `variant` is `nil`.
    func varied(_ context: Context, _ variant: Entry?) -> Entry {
        changing(freshSlot: false) { parts in
            parts.variants.removeAll { $0.context == context }
            if let variant { parts.variants.append((context, variant)) }
        }
    }

    /// This registration with `hook` run when a kept instance's lifetime ends.
    func withShutdownHook(_ hook: ShutdownHook) -> Entry {
        changing(freshSlot: false) { $0.shutdownHooks.append(hook) }
    }

    /// This registration, built by `Container.start()`.
    func markedEager() -> Entry {
        changing(freshSlot: false) { $0.isEager = true }
    }

    /// This registration, refused in a test context (`Registration.liveOnly`).
    func markedLiveOnly() -> Entry {
        let refusal = refusal(.liveOnly)
        return changing(freshSlot: false) { $0.refusal = refusal }
    }

    /// A registration like this one with instances of its own: what a child container registers
    /// to decorate a service its parent registered.
    func adopted() -> Entry {
        changing(freshSlot: true) { parts in
            parts.variants = parts.variants.map { ($0.context, $0.entry.adopted()) }
        }
    }

    /// The parts of `Additions`, to change one of them.
    private struct Parts {
        var decorators: [AnyDecorator], hooks: [Hook], variants: [(context: Context, entry: Entry)], refusal: Entry?
        var shutdownHooks: [ShutdownHook], isEager: Bool
    }

    /// This registration with its additions changed by `change`; `freshSlot` as in `with`.
    private func changing(freshSlot: Bool, _ change: (inout Parts) -> Void) -> Entry {
        var parts = Parts(
            decorators: decorators, hooks: hooks, variants: variants, refusal: additions?.refusal, shutdownHooks: shutdownHooks,
            isEager: isEager)
        change(&parts)
        let changed = Additions(
            decorators: parts.decorators, hooks: parts.hooks, variants: parts.variants, refusal: parts.refusal,
            shutdownHooks: parts.shutdownHooks, isEager: parts.isEager)
        return with(changed, freshSlot: freshSlot)
    }
}

/// A registration with its factory, typed: `S` is the service, `Args` the tuple of runtime
/// arguments.
final class Factory<S, Args>: Entry, @unchecked Sendable {
    // `@unchecked Sendable` restated from `Entry`: one more `let`, of a `Sendable` enum.
    /// Without runtime arguments, the closure given to `register` itself: registering it makes
    /// no wrapping closure.
    enum Body: Sendable {
        case plain(@Sendable (any Resolver) throws -> S)
        case withArguments(@Sendable (any Resolver, Args) throws -> S)
        case async(@Sendable (any Resolver, Args) async throws -> S)

        func make(_ resolver: any Resolver, _ arguments: Args, _ service: @autoclosure () -> ServiceKey) throws -> S {
            switch self {
            case .plain(let body): try body(resolver)
            case .withArguments(let body): try body(resolver, arguments)
            case .async: throw ResolutionError(.asyncFactory, path: [service()])
            }
        }
    }

    let body: Body

    init(_ definition: Definition, _ body: Body, slot: Slot? = nil, additions: Additions? = nil, origin: ObjectIdentifier? = nil) {
        self.body = body
        super.init(definition, slot: slot ?? definition.lifetime.makeStorage().map(Slot.init), additions: additions, origin: origin)
    }

    /// Runs a synchronous factory (the engine never calls this for an `async` one).
    func make(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        try body.make(resolver, arguments, service)
    }

    /// Runs the factory, `async` or not.
    func makeAsync(_ resolver: any Resolver, _ arguments: Args) async throws -> S {
        guard case .async(let body) = body else { return try make(resolver, arguments) }
        return try await body(resolver, arguments)
    }

    override func with(_ additions: Additions?, freshSlot: Bool) -> Entry {
        Factory(definition, body, slot: freshSlot ? nil : slot, additions: additions, origin: registration)
    }

    override func refusal(_ kind: ResolutionError.Kind) -> Entry {
        let definition = Definition(
            key: key, serviceType: serviceType, argumentTypes: argumentTypes, lifetime: .transient, file: file, line: line)
        return Factory(definition, .withArguments { _, _ in throw Refusal(kind: kind) })
    }

    override func alias<F>(_ type: F.Type, name: Name?, in container: Container, file: StaticString, line: Int) -> Entry {
        let definition = Definition(
            key: Key(type: ObjectIdentifier(F.self), name: name, arguments: key.arguments), serviceType: F.self,
            argumentTypes: argumentTypes, lifetime: .transient, forwarding: Forwarding(target: key, registry: container.registry),
            file: file, kind: .forwarding, line: Int32(clamping: line))
        return Factory<F, Args>(definition, .withArguments { _, _ in throw Refusal(kind: .notRegistered) })
    }

    override func stepForwarded(arguments: Any, parent: Step?, resolution: Resolution) throws -> Any {
        let typed = try cast(arguments, to: Args.self) { throw Refusal(kind: .notRegistered) }
        return try resolution.container.step(S.self, entry: self, arguments: typed, parent: parent, resolution: resolution)
    }

    override func stepForwardedAsync(arguments: Any, parent: Step?, resolution: Resolution) async throws -> Any {
        let typed = try cast(arguments, to: Args.self) { throw Refusal(kind: .notRegistered) }
        let container = resolution.container
        guard isAsync else { return try container.step(S.self, entry: self, arguments: typed, parent: parent, resolution: resolution) }
        return try await container.stepAsync(S.self, entry: self, arguments: typed, parent: parent, resolution: resolution)
    }

    // Only factories without runtime arguments are dry-run or started; for them `Args` is `Void`.
    // A dry run casts `()` with the `switch` of `cast(_:to:otherwise:)` written out: its closure
    // would cost validation 2 %.

    override func dryRun(in container: Container, _ mode: Resolution.DryRun) throws {
        guard !isAsync else { return }
        switch () as Any {
        case let none as Args: _ = try container.resolve(S.self, key: key, arguments: none, parent: nil, dryRun: mode)
        default: return
        }
    }

    override func dryRunAsync(in container: Container, _ mode: Resolution.DryRun) async throws {
        switch () as Any {
        case let none as Args: _ = try await container.resolveAsync(S.self, key: key, arguments: none, dryRun: mode)
        default: return
        }
    }

    override func startUp(in container: Container) async throws {
        let none = try cast((), to: Args.self) {
            throw ResolutionError(.argumentMismatch(registered: [argumentTypes.map(displayName(of:))], given: []), path: [service])
        }
        let key = key
        guard isMainActor else {
            _ = try await container.resolveAsync(S.self, key: key, arguments: none)
            return
        }
        try await MainActor.run { _ = try container.resolve(S.self, key: key, arguments: none, parent: nil) }
    }
}

/// What a factory throws to have the engine refuse its step with `kind`, naming the step's path
/// and the registration's site (a live-only service in a test, a main-actor factory called off
/// the main actor).
struct Refusal: Error {
    let kind: ResolutionError.Kind
}
