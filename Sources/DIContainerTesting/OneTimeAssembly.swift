public import DIContainer
import Dispatch
import Foundation
import Locking

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
///         try await container.validateAsync()
///     }
/// }
///
/// @Suite(.assembled(.app), .freshInstances)
/// struct CheckoutTests { … }
/// ```
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
    private let state = Locked(State())

    /// Where the one run stands, and who waits for it.
    private struct State {
        /// Whether a caller has started the assembly.
        var isStarted = false
        /// The assembly's outcome, once it has finished.
        var outcome: Result<Void, any Error>?
        /// Callers waiting for the outcome (the one running it included).
        var waiters: [@Sendable (Result<Void, any Error>) -> Void] = []
    }

    /// What a caller does after looking at the state.
    private enum Step {
        case assemble
        case wait
        case report(Result<Void, any Error>)
    }

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
        let outcome = await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
        try outcome.get()
    }

    /// Assembles the container if no one has yet, or blocks until the one assembly has finished;
    /// for synchronous code such as XCTest's `setUp()`. On the main thread it keeps the main run
    /// loop turning while it waits, as the assembly runs on the main actor.
    ///
    /// - Throws: The error the assembly threw, on every call; `BlockedMainActor` when called on
    ///   the main actor off the main thread before the assembly finished (it would wait for
    ///   itself): use `await prepare()` there.
    public func prepare() throws {
        if !Thread.isMainThread, MainActorIsolation.isCurrent, state.withLock({ $0.outcome == nil }) {
            throw BlockedMainActor()
        }
        let received = Locked<Result<Void, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        start { outcome in
            received.withLock { $0 = outcome }
            finished.signal()
        }
        // On the main thread (XCTest's), the main actor that runs the assembly is this thread:
        // keep its run loop turning instead of blocking it.
        if Thread.isMainThread {
            while received.withLock({ $0 == nil }) { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
        } else {
            finished.wait()
        }
        try received.withLock { $0 }?.get()
    }

    /// Runs the assembly if no one has started it, and calls `done` with its outcome once it has
    /// finished.
    private func start(then done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let step: Step = state.withLock { state in
            if let outcome = state.outcome { return .report(outcome) }
            state.waiters.append(done)
            if state.isStarted { return .wait }
            state.isStarted = true
            return .assemble
        }
        switch step {
        case .assemble:
            // Detached: no test's override scope comes along.
            Task.detached { self.finish(await Self.run(self.assemble, on: self.container)) }
        case .wait:
            break
        case .report(let outcome):
            done(outcome)
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

    private func finish(_ outcome: Result<Void, any Error>) {
        let waiters = state.withLock { state in
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter(outcome) }
    }
}

/// The blocking `OneTimeAssembly.prepare()` was called on the main actor, off the main thread,
/// before the assembly (which runs on the main actor) finished.
struct BlockedMainActor: Error, CustomStringConvertible {
    var description: String {
        "OneTimeAssembly.prepare() would wait on the main actor for an assembly that runs there; call try await prepare()"
    }
}
