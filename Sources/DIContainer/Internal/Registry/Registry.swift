import Locking

/// The registrations of one container, by key, in registration order. A re-registration takes
/// the place of the one it replaces. One lock guards both; readers hold it only for a lookup.
final class Registry: Sendable {
    private struct State {
        /// Each registration, with the number of its key's first registration: the order.
        var entries: [Key: (entry: Entry, order: Int)] = [:]
        var registered = 0
    }

    private let state = Locked(State())

    /// Adds `entry`, replacing (and returning) the registration under the same key.
    @discardableResult
    func add(_ entry: Entry) -> Entry? {
        state.withLock { state in
            let replaced = state.entries.updateValue((entry, state.registered), forKey: entry.key)
            if let replaced { state.entries[entry.key] = (entry, replaced.order) } else { state.registered += 1 }
            return replaced?.entry
        }
    }

    /// The registration answering `key` here, if any.
    func entry(for key: Key) -> Entry? {
        state.withLock { $0.entries[key]?.entry }
    }

    /// Drops every registration; returns them, so that they are released outside the lock.
    @discardableResult
    func removeAll() -> [Entry] {
        state.withLock { state in
            defer { state = State() }
            return state.entries.values.map(\.entry)
        }
    }

    /// Every registration, in registration order.
    var allEntries: [Entry] { entries { _ in true } }

    /// The registrations of `type`, under any name and arguments, in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] { entries { $0.key.type == type } }

    private func entries(where isIncluded: (Entry) -> Bool) -> [Entry] {
        state.withLock { $0.entries.values.filter { isIncluded($0.entry) }.sorted { $0.order < $1.order }.map(\.entry) }
    }
}
