import Locking

/// The registrations of one container, by key, in registration order. A re-registration takes
/// the place of the one it replaces. One lock guards both; readers hold it only for a lookup.
final class Registry: Sendable {
    private struct State {
        var entries: [Key: Entry] = [:]
        /// Keys in the order they were first registered.
        var order: [Key] = []
    }

    private let state = Locked(State())

    /// Adds `entry`, replacing (and returning) the registration under the same key.
    @discardableResult
    func add(_ entry: Entry) -> Entry? {
        state.withLock { state in
            let replaced = state.entries.updateValue(entry, forKey: entry.key)
            if replaced == nil { state.order.append(entry.key) }
            return replaced
        }
    }

    /// The registration answering `key` here, if any.
    func entry(for key: Key) -> Entry? {
        state.withLock { $0.entries[key] }
    }

    /// Drops every registration; returns them, so that they are released outside the lock.
    @discardableResult
    func removeAll() -> [Entry] {
        state.withLock { state in
            defer { state = State() }
            return Array(state.entries.values)
        }
    }

    /// Every registration, in registration order.
    var allEntries: [Entry] {
        state.withLock { state in state.order.compactMap { state.entries[$0] } }
    }

    /// The registrations of `type`, under any name and arguments, in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] {
        allEntries.filter { $0.key.type == type }
    }
}
