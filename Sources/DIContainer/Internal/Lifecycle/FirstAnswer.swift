import DIContainerLocking

/// The first of several answers to one question (an operation's result, a deadline's `nil`):
/// later ones are dropped. Awaited once.
final class FirstAnswer<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var given: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Locked(State())

    /// Gives `value`, unless an answer was given before.
    func give(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.given == nil else { return nil }
            state.given = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The answer, if one was given.
    var given: Value? {
        state.withLock { $0.given }
    }

    /// The answer, once one is given.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let given = state.withLock { state -> Value? in
                    if state.given == nil { state.waiter = continuation }
                    return state.given
                }
                if let given { continuation.resume(returning: given) }
            }
        }
    }
}
