import DIContainerLocking

// Helpers shared by the tests of validation, graph export, overrides, resolve-all, async
// factories and tracing.

/// Suspends callers of `wait()` until `arrive()` has been called `count` times.
///
/// Used to make contention real without sleeping: a factory waits until every task that will
/// ask for its service has started.
final class AdvancedGate: Sendable {
    private struct State {
        var arrived = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let count: Int
    private let state = Locked(State())

    init(count: Int) {
        self.count = count
    }

    /// Counts one arrival; the `count`-th opens the gate.
    func arrive() {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.arrived += 1
            guard state.arrived >= count else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once the gate is open.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = state.withLock { state in
                if state.arrived >= count { return true }
                state.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }
}

/// A thread-safe list that handlers and tasks append to.
final class AdvancedLog<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    var values: [Element] { storage.withLock { $0 } }

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }
}
