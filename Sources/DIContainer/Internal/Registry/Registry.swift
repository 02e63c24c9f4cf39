import Locking

/// The registrations of one container, by key, in registration order (a re-registration takes
/// the place of the one it replaces), behind one lock that readers hold only for a lookup.
final class Registry: Sendable {
    private struct State {
        var entries = [Key: Entry](minimumCapacity: 32)  // room for a small app without regrowing
        /// How many keys were registered: the next one's `Entry.order`.
        var registered = 0
    }

    private let state = Locked(State())

    /// Adds `entry` in the place (and order) of the registration under its key; returns that one.
    @discardableResult
    func add(_ entry: Entry) -> Entry? {
        state.withLock { state in
            let replaced = state.entries.updateValue(entry, forKey: entry.key)
            entry.order.store(replaced?.order.load(ordering: .relaxed) ?? Int32(clamping: state.registered), ordering: .relaxed)
            if replaced == nil { state.registered += 1 }
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
    var allEntries: [Entry] { entries { _ in true } }

    /// The registrations of `type`, under any name and arguments, in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] { entries { $0.key.type == type } }

    private func entries(where isIncluded: (Entry) -> Bool) -> [Entry] {
        let found = state.withLock { $0.entries.values.filter(isIncluded) }
        return found.sorted { $0.order.load(ordering: .relaxed) < $1.order.load(ordering: .relaxed) }
    }
}
