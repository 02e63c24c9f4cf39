public import DIContainer
import DIContainerLocking
import Foundation

/// The app's wiring for a test process: registers into a container once, the first time a test
/// needs it, however many tests (in parallel, in several test targets) ask for it.
///
/// Wire the app once and let each test replace what it needs in its own override scope
/// (`.overriding { … }`, `withOverrides`). Do not assemble in each test's `init` or `setUp`:
/// assembling again replaces registrations while tests running in parallel resolve them, and a
/// replaced `singleton` is built anew, so one test ends up with another test's instance or a
/// second copy.
///
/// Declare it as a `static let` (one per process), then ask for it with the `.assembled(_:)`
/// trait, `ContainerTestCase.assembly`, or `prepare()`:
///
/// ```swift
/// extension OneTimeAssembly {
///     static let app = OneTimeAssembly { container in
///         container.apply(AppAssembly(configuration: .testing))
///         try await container.validateAsync()   // throws over the problems it finds
///     }
/// }
///
/// @Suite(.assembled(.app), .freshInstances)
/// struct CheckoutTests { … }
/// ```
///
/// In a test context `validateAsync()` checks the graph up to the live-only services, which a
/// test does not build: it returns them, and each registration whose check stopped at one, as
/// unchecked (`ValidationError.Unchecked`) instead of throwing. What lies past a live-only service
/// is checked when a test resolves it with its override.
///
/// The assembly runs exactly once, with no lock held, on the main actor (so an app's main-actor
/// `Assembly`, as a module with default main-actor isolation declares it, applies as is) and
/// outside any test's override scope, whichever test asks first. Callers that arrive while it runs
/// wait for it; if it throws, every caller gets that error (the assembly is not retried). The
/// closure must not wait for its own `OneTimeAssembly`.
public final class OneTimeAssembly: Sendable {
    /// The container the assembly registers into.
    public let container: Container
    private let assemble: @MainActor @Sendable (Container) async throws -> Void
    /// The assembly's outcome once it has finished, and the gate of its one run.
    private let state = Locked<(outcome: Result<Void, any Error>?, gate: OnceGate)>((nil, OnceGate()))

    /// Creates the one-time assembly; nothing is registered until a test asks for it.
    ///
    /// - Parameters:
    ///   - container: The container to assemble; `Container.shared` by default.
    ///   - assemble: Registers the app into the container it is given (usually by applying the
    ///     app's assemblies), and may validate it. Runs at most once, on the main actor.
    public init(container: Container = .shared, _ assemble: @escaping @MainActor @Sendable (Container) async throws -> Void) {
        self.container = container
        self.assemble = assemble
    }

    /// Assembles the container if no one has yet, or waits until the one assembly has finished.
    ///
    /// ```swift
    /// try await OneTimeAssembly.app.prepare()
    /// ```
    ///
    /// - Throws: The error the assembly threw, on every call.
    public func prepare() async throws {
        UnmatchedOverridesIssues.install()
        start()
        await OnceGate.wait { waiter in state.withLock { $0.gate.enqueue(waiter) } }
        try finishedOutcome.get()
    }

    /// Assembles the container if no one has yet, or blocks until the one assembly has finished;
    /// for synchronous code such as XCTest's `setUp()`. On the main thread it keeps the main run
    /// loop turning while it waits, as the assembly runs on the main actor.
    ///
    /// - Throws: The error the assembly threw, on every call; `BlockedMainActor` when called on
    ///   the main actor off the main thread before the assembly finished (it would wait for
    ///   itself): use `await prepare()` there.
    public func prepare() throws {
        if !Thread.isMainThread, MainActorIsolation.isCurrent, outcome == nil {
            throw BlockedMainActor()
        }
        UnmatchedOverridesIssues.install()
        start()
        // On the main thread (XCTest's), the main actor that runs the assembly is this thread:
        // keep its run loop turning instead of blocking it.
        if Thread.isMainThread {
            while outcome == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
        } else {
            OnceGate.wait { waiter in state.withLock { $0.gate.enqueue(waiter) } }
        }
        try finishedOutcome.get()
    }

    /// The assembly's outcome, once it has finished.
    private var outcome: Result<Void, any Error>? { state.withLock { $0.outcome } }

    /// The outcome of the assembly, which has finished: no build runs once a caller started it.
    private var finishedOutcome: Result<Void, any Error> {
        guard let outcome else { preconditionFailure("OneTimeAssembly waited for an assembly that has not finished") }
        return outcome
    }

    /// Runs the assembly unless a caller has started it (it is never retried): the caller who
    /// claims the gate starts it in a detached task (no test's override scope comes along), which
    /// finishes the gate.
    private func start() {
        // The builder's id names no caller: the assembly runs in a task of its own.
        let claim = state.withLock { $0.outcome == nil ? $0.gate.claim(by: 0) : nil }
        guard case .build(let generation)? = claim else { return }
        Task.detached {
            let outcome = await Self.run(self.assemble, on: self.container)
            self.state.withLock { state in
                state.outcome = outcome
                return state.gate.finish(generation)
            }.wakeWaiters()
        }
    }

    @MainActor private static func run(
        _ assemble: @MainActor @Sendable (Container) async throws -> Void, on container: Container
    ) async -> Result<Void, any Error> {
        do {
            try await assemble(container)
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}

/// The blocking `OneTimeAssembly.prepare()` was called on the main actor, off the main thread,
/// before the assembly (which runs on the main actor) finished.
struct BlockedMainActor: Error, CustomStringConvertible {
    var description: String {
        "OneTimeAssembly.prepare() would wait on the main actor for an assembly that runs there; call try await prepare()"
    }
}
