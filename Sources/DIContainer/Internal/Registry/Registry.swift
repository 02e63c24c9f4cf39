import Locking
import Synchronization

/// The registrations of one container, by key, in registration order (a re-registration takes
/// the place of the one it replaces), and its decorators, behind one lock that readers hold only
/// for a lookup. A value inside its container, not an object of its own.
struct Registry: ~Copyable, Sendable {
    private struct State {
        var entries: [Key: Entry]
        /// How many keys were registered: the next one's `Entry.order`.
        var registered = 0
        /// The decorators added here (`Container.decorate`), which later registrations get too.
        var decorators: [DecorationKey: [AnyDecorator]] = [:]
    }

    private let state: Locked<State>
    private let hasDecorators = Atomic<Bool>(false)  // until one is added, registering takes one lock

    /// A registry with room for `capacity` registrations before its table grows; with none, the
    /// table is made by the first registration.
    init(capacity: Int) { state = Locked(State(entries: capacity == 0 ? [:] : .init(minimumCapacity: capacity))) }

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

    /// Drops every registration (the decorators stay); returns them, so that they are released
    /// outside the lock.
    @discardableResult
    func removeAll() -> [Entry] {
        state.withLock { state in
            defer { (state.entries, state.registered) = ([:], 0) }
            return Array(state.entries.values)
        }
    }

    func addDecorator(_ decorator: AnyDecorator, for key: DecorationKey) {
        state.withLock { $0.decorators[key, default: []].append(decorator) }
        hasDecorators.store(true, ordering: .releasing)
    }

    /// The decorators added here for `key`'s type and name.
    func decorators(for key: Key) -> [AnyDecorator] {
        guard hasDecorators.load(ordering: .acquiring) else { return [] }
        return state.withLock { $0.decorators[DecorationKey(key)] ?? [] }
    }

    /// The type and name of every decorated service.
    var decoratedKeys: [DecorationKey] {
        state.withLock { Array($0.decorators.keys) }
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
