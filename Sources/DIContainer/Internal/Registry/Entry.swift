import Locking
import Synchronization

/// One registration: how to build a service, which lifetime keeps it, and what is known about it.
/// A re-registration replaces the whole entry, and with it the instances its store kept. Every
/// entry is a `SyncFactory` or an `AsyncFactory`, holding its factory, typed: one allocation.
/// `@unchecked Sendable`, reviewed: open only to those two (its initializer is private to this
/// file); every stored property here and there is a `let` of a `Sendable` type but `extrasBox`,
/// which is read and written only under its stripe lock (`withExtras`).
class Entry: @unchecked Sendable {
    /// How the factory runs; `mainActor`: synchronously, isolated to the main actor.
    enum Kind: Sendable { case sync, async, mainActor }

    /// What may change after registration: decorators and hooks are added later, and what the
    /// factory asks for is learned on its first run.
    struct Extras: Sendable {
        var decorators: [AnyDecorator] = []
        var hooks: [Hook] = []
        /// What the factory asked for on its first completed run (or, until then, its latest
        /// failed one), and whether that run completed.
        var observed: (dependencies: [Dependency], isComplete: Bool)?
        /// What the hooks asked for on their first run.
        var hookDependencies: [Dependency]?
        /// What a step needs of the above, made once per change.
        var view: StepView?
        /// Its context variants and live-only mark (`Container+Contexts`).
        var contexts: ContextVariants?
    }

    typealias Hook = @Sendable (any Resolver, Any) throws -> Void

    /// What was registered, kept whole: registering moves it in instead of copying each field.
    let definition: Definition
    /// Whether a step needs nothing from `extras` (read on each step; written under its lock).
    private let isPlain: Atomic<Bool>
    let hasContexts = Atomic<Bool>(false)  // set once `contexts` is made: read on each lookup
    /// Whether an ordinary run learns what the factory asks for: validation could not learn it by
    /// running the factory itself without consequence (the instance is kept; the factory is
    /// `async`, main-actor or takes runtime arguments). Others learn in validation's dry run, so
    /// a first resolve does not pay for it.
    private let learnsOnRuns: Bool
    /// Its place in its container's registration order (set by `Registry`, under its lock).
    let order = Atomic<Int32>(0)
    /// Where this registration's lifetime keeps instances; `nil` for `transient` and `graph`.
    let slot: Slot?
    /// Made on first use: most registrations never get a decorator or a hook, or anything to learn.
    /// Only `withExtras` touches it.
    private var extrasBox: ExtrasBox?

    var key: Key { definition.key }
    var serviceType: Any.Type { definition.serviceType }
    var argumentTypes: [Any.Type] { definition.argumentTypes }
    var lifetime: Lifetime { definition.lifetime }
    var kind: Kind { definition.kind }
    /// A ready-made instance (`register(_:name:instance:)`): shared by every override scope.
    var isInstance: Bool { definition.isInstance }
    /// The registration this one forwards to (`Registration.implements(_:name:)`), else `nil`.
    var forwardingTarget: Entry? { definition.forwardingTarget }
    var file: StaticString { definition.file }
    var line: Int32 { definition.line }
    /// Dependencies known without building anything (initializer auto-wiring), else `nil`.
    var declaredDependencies: [Dependency]? { definition.dependencyTypes?.map(Dependency.init(declared:)) }

    /// `Extras` out of line, so that an entry without any stays small.
    private final class ExtrasBox {
        var extras = Extras()
    }

    /// Runs `body` on `extras` under the entry's stripe lock, one of 16 shared by all entries: a
    /// lock of its own would cost every registration an allocation. `body` only changes values.
    private func withExtras<R>(_ body: (inout Extras) -> R) -> R {
        stripe.withLock { _ in
            let box = extrasBox ?? ExtrasBox()
            extrasBox = box
            return body(&box.extras)
        }
    }
    private var stripe: Locked<Int> { Self.stripes[Int(bitPattern: ObjectIdentifier(self)) >> 6 & 15] }
    // `Int`, not `Void`: a zero-sized value shares its address with the mutex, which TSan reports.
    private static let stripes = (0..<16).map { _ in Locked(0) }

    /// What one step of the registration needs from `extras`.
    final class StepView: Sendable {
        let decorators: [AnyDecorator], hooks: [Hook]
        /// Whether the factory's run (the hooks' run) records what it asks for.
        let isObserving: Bool, isObservingHooks: Bool

        init(decorators: [AnyDecorator], hooks: [Hook], isObserving: Bool, isObservingHooks: Bool) {
            (self.decorators, self.hooks) = (decorators, hooks)
            (self.isObserving, self.isObservingHooks) = (isObserving, isObservingHooks)
        }
        /// The view of a registration that has nothing but its dependencies to learn.
        static let learning = StepView(decorators: [], hooks: [], isObserving: true, isObservingHooks: true)
    }

    /// What a registration is, but for its factory. Fields in this order pack the small ones
    /// together, so that an entry fits a smaller allocation.
    struct Definition {
        let key: Key
        let serviceType: Any.Type
        var argumentTypes: [Any.Type] = []
        let lifetime: Lifetime
        var dependencyTypes: [Any.Type]? = nil
        var forwardingTarget: Entry? = nil
        let file: StaticString
        var kind = Kind.sync
        var isInstance = false
        let line: Int32
    }

    fileprivate init(_ definition: Definition) {
        let slot = definition.lifetime.makeStorage().map(Slot.init)
        let learns = slot != nil || definition.kind != .sync || definition.key.arguments != Key.noArguments
        (self.slot, learnsOnRuns) = (slot, learns)
        isPlain = Atomic(definition.dependencyTypes != nil || !learns)
        self.definition = definition  // last: moved in, not copied
    }

    /// One of 64 bits, spread by the entry's identity: `Step.inFlight` sets it for a path's entries.
    var filterBit: UInt64 {
        1 << ((UInt64(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(self)))) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// A registration like this one, with instances of its own: what a child container registers
    /// to decorate a service its parent registered. (Each subclass copies its factory.)
    func copy() -> Entry { self }

    /// `copy`, decorated as this registration is.
    fileprivate func decorated(_ copy: Entry) -> Entry {
        copy.addDecorators(current.decorators)
        return copy
    }

    var isAsync: Bool { kind == .async }
    var isMainActor: Bool { kind == .mainActor }

    /// The registration in readable form (made on demand: type names are costly).
    var service: ServiceKey {
        ServiceKey(serviceType, name: key.name, argumentTypes: argumentTypes)
    }

    /// `Module/File.swift:12`.
    var site: String { "\(file):\(line)" }

    /// A snapshot of what may change.
    var current: Extras { stripe.withLock { _ in extrasBox?.extras } ?? Extras() }

    /// Its context variants and live-only mark, if any (`Container+Contexts`); `variants` makes them.
    var contexts: ContextVariants? { hasContexts.load(ordering: .acquiring) ? withExtras { $0.contexts } : nil }
    var variants: ContextVariants {
        defer { hasContexts.store(true, ordering: .releasing) }
        return withExtras { extras in
            let made = extras.contexts ?? ContextVariants()
            extras.contexts = made
            return made
        }
    }

    /// What a step needs; `nil`, without a lock, while plain: nothing to decorate, run or record.
    /// Its factory records what it asks for until it has learned it: in validation's dry run, on
    /// runs that `learnsOnRuns`, and while it has hooks (a dry run would run them again).
    func stepView(inDryRun: Bool) -> StepView? {
        if !inDryRun, isPlain.load(ordering: .acquiring) { return nil }
        return stripe.withLock { _ in
            // Nothing added yet: the view only says whether this run learns.
            guard let box = extrasBox else { return definition.dependencyTypes == nil ? StepView.learning : nil }
            if !inDryRun, let view = box.extras.view { return view }
            let extras = box.extras
            let learns = inDryRun || learnsOnRuns || !extras.hooks.isEmpty
            let view = StepView(
                decorators: extras.decorators, hooks: extras.hooks,
                isObserving: learns && Self.isObserving(extras, declared: declaredDependencies),
                isObservingHooks: extras.hookDependencies == nil)
            if !inDryRun { box.extras.view = view }
            return view
        }
    }

    /// Changes `extras` and whether the registration is plain, under the lock.
    private func update(_ change: (inout Extras) -> Void) {
        withExtras { extras in
            change(&extras)
            extras.view = nil
            let learns = learnsOnRuns && Self.isObserving(extras, declared: declaredDependencies)
            let plain = extras.decorators.isEmpty && extras.hooks.isEmpty && !learns
            isPlain.store(plain, ordering: .releasing)
        }
    }

    func addDecorators(_ decorators: [AnyDecorator]) {
        // A ready-made instance is never built, so never decorated.
        guard !decorators.isEmpty, !isInstance else { return }
        update { extras in
            extras.decorators += decorators
            // A decorator may ask for more: the next run is observed again.
            extras.observed = nil
        }
        // What was built undecorated is built again, decorated.
        slot?.reset()
    }

    func addHook(_ hook: @escaping Hook) {
        update { $0.hooks.append(hook) }
    }

    var isDecorated: Bool { !current.decorators.isEmpty }
    var decoratorSites: [String] { current.decorators.map(\.site) }
    var hookCount: Int { current.hooks.count }
    var hookDependencies: [Dependency]? { current.hookDependencies }

    /// The dependencies known without running the factory now: declared, or seen on a run.
    var knownDependencies: [Dependency]? {
        let extras = current
        if let declaredDependencies, extras.decorators.isEmpty { return declaredDependencies }
        return extras.observed?.dependencies
    }

    /// Whether the factory's next run should record what it asks for: no run completed yet.
    static func isObserving(_ extras: Extras, declared: [Dependency]?) -> Bool {
        (declared == nil || !extras.decorators.isEmpty) && extras.observed?.isComplete != true
    }

    /// Whether validation has to run the factory to learn its dependencies.
    var needsDryRun: Bool {
        !isInstance && key.arguments == Key.noArguments && Self.isObserving(current, declared: declaredDependencies)
    }

    /// Keeps what a run of the factory asked for: the first completed run's, or until then the
    /// latest failed run's.
    func observe(_ dependencies: [Dependency], complete: Bool) {
        update { if $0.observed?.isComplete != true { $0.observed = (dependencies, complete) } }
    }

    func observeHooks(_ dependencies: [Dependency]) {
        update { if $0.hookDependencies == nil { $0.hookDependencies = dependencies } }
    }
}

/// A registration with a synchronous factory, typed: `S` is the service, `Args` the tuple of
/// runtime arguments.
final class SyncFactory<S, Args>: Entry, @unchecked Sendable {
    // `@unchecked Sendable` restated from `Entry`: one `let` of a `Sendable` enum.
    /// Without runtime arguments, the closure given to `register` itself: registering it makes
    /// no wrapping closure.
    private enum Body: Sendable {
        case plain(@Sendable (any Resolver) throws -> S)
        case withArguments(@Sendable (any Resolver, Args) throws -> S)
    }

    private let body: Body

    private init(_ definition: Definition, body: Body) {
        self.body = body
        super.init(definition)
    }

    convenience init(_ definition: Definition, _ body: @escaping @Sendable (any Resolver, Args) throws -> S) {
        self.init(definition, body: .withArguments(body))
    }

    convenience init(_ definition: Definition, plain body: @escaping @Sendable (any Resolver) throws -> S) where Args == Void {
        self.init(definition, body: .plain(body))
    }

    override func copy() -> Entry { decorated(SyncFactory(definition, body: body)) }

    func make(_ resolver: any Resolver, _ arguments: Args) throws -> S {
        switch body {
        case .plain(let body): try body(resolver)
        case .withArguments(let body): try body(resolver, arguments)
        }
    }
}

/// A registration with an `async` factory, typed like `SyncFactory`.
final class AsyncFactory<S, Args>: Entry, @unchecked Sendable {
    // `@unchecked Sendable` restated from `Entry`: one `let` of a `Sendable` closure.
    let body: @Sendable (any Resolver, Args) async throws -> S

    init(_ definition: Definition, _ body: @escaping @Sendable (any Resolver, Args) async throws -> S) {
        self.body = body
        super.init(definition)
    }

    override func copy() -> Entry { decorated(AsyncFactory(definition, body)) }
}
