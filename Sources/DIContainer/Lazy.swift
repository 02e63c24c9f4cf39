import DIContainerLocking

/// A service resolved on first use, then kept: a deferred dependency.
///
/// Resolve `Lazy<S>` for any registered `S` (with its name and runtime arguments, if any); nothing
/// is built until `instance` is first read, and every later read returns that same instance:
///
/// ```swift
/// final class ReportScreen {
///     private let exporter: Lazy<PDFExporter>       // costly, and rarely needed
///     init(exporter: Lazy<PDFExporter>) { self.exporter = exporter }
///     func export() throws { try exporter.instance.export() }
/// }
/// container.register(ReportScreen.self, initializer: ReportScreen.init)   // auto-wired
/// ```
///
/// The instance is built in the resolution that made the handle: it shares that resolution's
/// `graph` instances and test overrides, and `S`'s lifetime decides as usual whether it is new.
/// (Once that resolve returned, the resolution keeps its `graph` class instances weakly and its
/// `graph` values not at all, so that one keeping the handle is no reference cycle.)
/// While the factory that asked for the handle still runs, the build continues its path (so a
/// real cycle is reported); after it returned, the handle is no part of a cycle: a `Lazy` is the
/// legitimate way to break one, and `validate()` lists the dependency without calling it a cycle.
///
/// Resolving `Lazy<S>` fails at once, as resolving `S` would, when nothing is registered for `S`.
///
/// **Threads.** `Lazy` is `Sendable` when `S` is. Reads may race: the instance is built exactly
/// once, other readers wait for it; if the build fails, the error is thrown to that reader and
/// the next read tries again. A handle made with runtime arguments keeps them until it has built
/// the instance, and hands them to the factory on whichever thread reads first.
///
/// **Overrides.** The build runs under the test overrides in effect where `instance` is first
/// read; outside any, under those in effect where the handle was made.
///
/// **Memory.** A `Lazy` holds its container weakly: a container its users dropped is freed, with
/// its singletons, even when one of them keeps a `Lazy`. Reading a handle whose container is gone
/// throws `ResolutionError.Kind.containerReleased`. The handle keeps the instance it built: an
/// instance that keeps, through a read `Lazy`, an object keeping it (its owner, say) is a reference
/// cycle, as a stored property would be; hold one side weakly.
public struct Lazy<S> {
    private let cell: LazyCell
    private let make: @Sendable () throws -> S

    init(make: @escaping @Sendable () throws -> S) {
        cell = LazyCell()
        self.make = make
    }

    /// The instance, built on the first read.
    ///
    /// - Throws: `ResolutionError` when building it fails (a failing factory, a missing
    ///   dependency, a cycle); a later read tries again.
    public var instance: S {
        get throws { try cell.value(make) }
    }
}

extension Lazy: Sendable where S: Sendable {}

extension Lazy: ResolvableHandle {
    static var wrappedType: Any.Type { S.self }
    static var keepsInstance: Bool { true }

    static func make<Args>(
        for target: Key, arguments: Args, parent: Step?, resolution: Resolution, container: Container, origin: [Key]
    ) -> Lazy<S> {
        let arguments = HandleArguments(arguments)
        resolution.madeLazy()
        let madeIn = resolution.continuation
        // Who asked, as its key (`RequesterKey` says why not its entry).
        let requester = parent.map { RequesterKey($0.entry) }
        return Lazy { [weak container, weak parent] in
            guard let container else { throw Container.released(S.self, key: target) }
            return try container.resolveLazy(
                S.self, key: target, arguments: arguments.value, madeIn: madeIn, below: parent, origin: origin,
                requester: requester)
        }
    }
}

/// Where a `Lazy` keeps its instance: built exactly once by the first reader; concurrent readers
/// wait (no lock is held while the factory runs); a failed build leaves the cell empty for the
/// next reader. A reader that asks for the instance while its own thread builds it — the build
/// needs itself — gets a circular-dependency error instead of waiting forever.
final class LazyCell: Sendable {
    /// The instance once built, and the gate of its build (whose builder is a thread).
    private let state = Locked<(built: InstanceBox?, gate: OnceGate)>((nil, OnceGate()))

    /// The instance, built by `make` if no reader built it yet.
    func value<S>(_ make: () throws -> S) throws -> S {
        let thread = UInt64(StackBounds.currentThread)
        while true {
            let (built, claim): (InstanceBox?, OnceGate.Claim?) = state.withLock { state in
                state.built == nil ? (nil, state.gate.claim(by: thread)) : (state.built, nil)
            }
            switch claim {
            case nil:
                // A `switch`, not `as? S`: see `cast(_:to:otherwise:)`.
                switch built?.value {
                case .some(let value as S): return value
                default: continue
                }
            case .wait(let builder)? where builder == thread:
                let service = ServiceKey(typeName: displayName(of: S.self))
                let path = ThreadState.current.running?.path ?? []
                throw ResolutionError(.circularDependency(cycle: [service, service]), path: path + [service])
            case .wait?:
                OnceGate.wait { waiter in state.withLock { $0.gate.enqueue(waiter) } }
            case .build(let generation)?:
                let made: Result<S, any Error> = Result(catching: make)
                state.withLock { state in
                    if case .success(let value) = made { state.built = InstanceBox(value) }
                    return state.gate.finish(generation)
                }.wakeWaiters()
                return try made.get()
            }
        }
    }
}
