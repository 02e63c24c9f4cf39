/// The test overrides in effect for a task: replacement registrations for one container (and its
/// descendants), set with `Container.withOverrides` and carried by a task-local value. A scope
/// keeps instances of its own for the registrations that keep instances, so that singletons built
/// inside it never leak out, and nests: the innermost scope's replacements win.
final class OverrideScope: Sendable {
    @TaskLocal static var value: OverrideScope?

    let target: Container
    let parent: OverrideScope?
    /// The replacements: the container the `withOverrides` closure registered into (what that
    /// closure lets escape and registers there later joins the scope). Its registry also keeps
    /// this scope's stores for registrations that keep instances (`ScopeStores`).
    private let replacements: Container

    init(target: Container, replacements: Container, parent: OverrideScope?) {
        self.target = target
        self.parent = parent
        self.replacements = replacements
        target.liveOverrideScopes.add(1, ordering: .relaxed)
    }

    deinit {
        target.liveOverrideScopes.subtract(1, ordering: .relaxed)
    }

    /// The replacements in registration order.
    var entries: [Entry] { replacements.registry.allEntries }

    /// This scope and the scopes it is nested in, innermost first.
    var chain: [OverrideScope] {
        [self] + (parent?.chain ?? [])
    }

    /// The replacement for `key` that applies to `container`, innermost scope first.
    func entry(for key: Key, from container: Container) -> Entry? {
        if let found = replacements.registry.entry(for: key), container.isOrDescends(from: target) { return found }
        return parent?.entry(for: key, from: container)
    }

    /// Whether `entry` is a replacement registered in this scope or one it is nested in.
    func replaces(_ entry: Entry) -> Bool {
        replacements.registry.entry(for: entry.key) === entry || parent?.replaces(entry) == true
    }

    /// Drops the instances this scope keeps: its `withOverrides` closure returned. A singleton
    /// built inside may keep a handle (`Lazy`, `Provider`) that keeps the scope; dropping it here
    /// breaks that cycle. Work that outlives the closure (an escaped task, carried overrides)
    /// builds instances of its own again, kept weakly for the same reason: while it uses them.
    /// Returns the endings of the instances dropped, for their `onShutdown` hooks.
    func close() -> [Ending] {
        let dropped = replacements.registry.withScopeStores { stores in
            defer { stores = ScopeStores(isClosed: true) }
            return stores.slots
        }
        return dropped.values.flatMap { $0.entry.shutdownHooks.isEmpty ? [] : $0.slot.reset() }
    }

    /// This scope's store for `entry`'s instances.
    func slot(for entry: Entry) -> Slot {
        replacements.registry.withScopeStores { stores in
            if let found = stores.slots[ObjectIdentifier(entry)] { return found.slot }
            let slot = Slot(stores.isClosed ? WeakStorage() : entry.lifetime.makeStorage() ?? SharedStorage())
            stores.slots[ObjectIdentifier(entry)] = (entry, slot)
            return slot
        }
    }
}
