import DIContainerLocking

/// A count-down latch for tests: `wait()` suspends until `countDown()` has been called `count`
/// times. Used as a barrier (`arriveAndWait()`) to prove that work runs concurrently: if the
/// parties ran one after another, the first one would never be released.
///
/// The timeout is only a guard so that a broken test fails with `LatchTimeout` instead of hanging;
/// it never decides the outcome of a passing test. A cancelled waiter throws `CancellationError`,
/// so a latch that is never counted down doubles as "wait until cancelled".
final class Latch: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Void, any Error>
        let guardTask: Task<Void, Never>
    }

    private struct State {
        var remaining: Int
        var nextID = 0
        var waiters: [Int: Waiter] = [:]
        var cancelledIDs: Set<Int> = []
    }

    private let state: Locked<State>
    private let name: String

    init(count: Int, name: String = "latch") {
        self.state = Locked(State(remaining: count))
        self.name = name
    }

    /// Counts down once; releases every waiter when the count reaches zero.
    func countDown() {
        let released = state.withLock { state -> [Waiter] in
            state.remaining -= 1
            guard state.remaining <= 0 else { return [] }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in released {
            waiter.guardTask.cancel()
            waiter.continuation.resume()
        }
    }

    /// Counts down, then waits for the other parties.
    func arriveAndWait(timeout: Duration = .seconds(10)) async throws {
        countDown()
        try await wait(timeout: timeout)
    }

    /// Waits until the count reaches zero.
    ///
    /// - Throws: `LatchTimeout` when the guard timeout passes first; `CancellationError` when the
    ///   waiting task is cancelled.
    func wait(timeout: Duration = .seconds(10)) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let name = name
                let guardTask = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    self?.finish(id, with: .failure(LatchTimeout(name: name, timeout: timeout)))
                }
                let immediate = state.withLock { state -> Result<Void, any Error>? in
                    if state.remaining <= 0 { return .success(()) }
                    if state.cancelledIDs.remove(id) != nil { return .failure(CancellationError()) }
                    state.waiters[id] = Waiter(continuation: continuation, guardTask: guardTask)
                    return nil
                }
                if let immediate {
                    guardTask.cancel()
                    continuation.resume(with: immediate)
                }
            }
        } onCancel: {
            finish(id, with: .failure(CancellationError()), rememberIfAbsent: true)
        }
    }

    private func finish(_ id: Int, with result: Result<Void, any Error>, rememberIfAbsent: Bool = false) {
        let waiter = state.withLock { state -> Waiter? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            if rememberIfAbsent { state.cancelledIDs.insert(id) }
            return nil
        }
        waiter?.guardTask.cancel()
        waiter?.continuation.resume(with: result)
    }
}

/// A latch's guard timeout passed: the parties never all arrived (they did not run concurrently).
struct LatchTimeout: Error, CustomStringConvertible {
    let name: String
    let timeout: Duration
    var description: String { "\(name) was not released within \(timeout): the other parties never arrived" }
}
