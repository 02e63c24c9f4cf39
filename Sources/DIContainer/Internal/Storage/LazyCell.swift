import Dispatch
import Locking

/// Where a `Lazy` keeps its instance: built exactly once by the first reader; concurrent readers
/// wait (no lock is held while the factory runs); a failed build leaves the cell empty for the
/// next reader. A reader that asks for the instance while its own thread builds it — the build
/// needs itself — gets a circular-dependency error instead of waiting forever.
final class LazyCell: Sendable {
    private enum State: Sendable {
        case empty
        /// Being built on the thread whose context is `builder`; `waiters` are woken when done.
        case building(builder: ObjectIdentifier, waiters: [DispatchSemaphore])
        case built(AnyInstanceBox)
    }

    private enum Step {
        case done(AnyInstanceBox)
        case build
        case wait(DispatchSemaphore)
        case reentered
    }

    private let state = Locked(State.empty)

    /// The instance, built by `make` if no reader built it yet.
    func value<S>(_ make: () throws -> S) throws -> S {
        let thread = ObjectIdentifier(ThreadContext.current)
        while true {
            let step: Step = state.withLock { state in
                switch state {
                case .built(let box):
                    return .done(box)
                case .empty:
                    state = .building(builder: thread, waiters: [])
                    return .build
                case .building(let builder, var waiters):
                    guard builder != thread else { return .reentered }
                    let semaphore = DispatchSemaphore(value: 0)
                    waiters.append(semaphore)
                    state = .building(builder: builder, waiters: waiters)
                    return .wait(semaphore)
                }
            }
            switch step {
            case .done(let box):
                return box.value(as: S.self)
            case .wait(let semaphore):
                semaphore.wait()
            case .reentered:
                let service = ServiceKey(typeName: displayName(of: S.self))
                let path = ThreadContext.current.runningFactory?.path ?? []
                throw ResolutionError(.circularDependency(cycle: [service, service]), path: path + [service])
            case .build:
                let made: Result<S, any Error> = Result(catching: make)
                let finished: State = if case .success(let value) = made { .built(InstanceBox(value)) } else { .empty }
                let waiters: [DispatchSemaphore] = state.withLock { state in
                    defer { state = finished }
                    if case .building(_, let waiters) = state { return waiters }
                    return []
                }
                for waiter in waiters {
                    waiter.signal()
                }
                return try made.get()
            }
        }
    }
}
