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
/// **Memory.** A `Lazy` keeps the resolution that made it, and with it the container, alive. Kept
/// by an instance the same container keeps (a `singleton`, a scoped instance), that is a
/// reference cycle: the container outlives its last outside reference. Harmless for
/// `Container.shared`; for containers you drop, `removeAll()` before dropping them.
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
    typealias Wrapped = S

    static func make<Args>(for target: Key, arguments: Args, parent: Frame?, resolution: Resolution) -> Any {
        let arguments = HandleArguments(arguments)
        return Lazy { [container = resolution.container] in
            // The asking step's path while its factory runs; the resolution's top after that.
            try container.resolve(
                S.self, key: target, arguments: arguments.value, continuing: resolution,
                below: parent.flatMap { $0.isFinished ? nil : $0 })
        }
    }
}
