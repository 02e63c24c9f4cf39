import Synchronization

/// The test overrides of `withOverrides`: registrations that replace the container's for
/// `target` and its children, and the scope's own `singleton` and `weak` instances, which are
/// never read from, nor written to, the real container (ready-made instances excepted). Scopes
/// nest through `parent`.
///
/// The current scope is a task-local value, so a `Task {}` created inside `withOverrides` keeps
/// the scope — and sees its overrides — for as long as it runs, even after `withOverrides`
/// returned. Resolving skips the task-local read while no scope targeting the container (or an
/// ancestor) exists (`Container.liveOverrideScopes`): a scope counts from its creation until it
/// is released, which is after the last task holding it has ended.
final class OverrideScope: Sendable {
    /// The scope of the current task, if any (read it through `Container.currentScope`).
    @TaskLocal static var value: OverrideScope?

    let target: Container
    let overrides: OverrideRegistrations
    let parent: OverrideScope?
    /// The scope's own instance stores, by entry, made on first use (most scopes replace only
    /// transient services, and never make one).
    private let cells = LazyLocked<[ObjectIdentifier: (entry: Entry, cell: InstanceCell)]>([:])
    private let weakCells = LazyLocked<[ObjectIdentifier: (entry: Entry, cell: WeakCell)]>([:])

    init(target: Container, overrides: OverrideRegistrations, parent: OverrideScope?) {
        self.target = target
        self.overrides = overrides
        self.parent = parent
        target.liveOverrideScopes.add(1, ordering: .releasing)
    }

    deinit {
        target.liveOverrideScopes.subtract(1, ordering: .releasing)
    }

    /// The scopes from this one outwards.
    var chain: [OverrideScope] {
        var scopes: [OverrideScope] = []
        var scope: OverrideScope? = self
        while let current = scope {
            scopes.append(current)
            scope = current.parent
        }
        return scopes
    }

    /// The registration answering `key` for `container` from this scope or its parents, innermost
    /// first: from those that target `container` or an ancestor of it.
    func entry(for key: Key, from container: Container) -> Entry? {
        // Unretained: the caller holds this scope, and a scope holds its parents.
        var scope = Unmanaged.passUnretained(self)
        while true {
            let (found, parent) = scope._withUnsafeGuaranteedRef { current in
                (
                    container.isOrDescends(from: current.target) ? current.overrides.entry(for: key) : nil,
                    current.parent.map(Unmanaged.passUnretained)
                )
            }
            if let found { return found }
            guard let parent else { return nil }
            scope = parent
        }
    }

    /// This scope's own instance cell for `entry` (a `singleton` registration).
    func cell(for entry: Entry) -> InstanceCell {
        cells.withLock { cells in
            if let found = cells[ObjectIdentifier(entry)] { return found.cell }
            let cell = InstanceCell()
            cells[ObjectIdentifier(entry)] = (entry, cell)
            return cell
        }
    }

    /// This scope's own weak cell for `entry` (a `weak` registration).
    func weakCell(for entry: Entry) -> WeakCell {
        weakCells.withLock { cells in
            if let found = cells[ObjectIdentifier(entry)] { return found.cell }
            let cell = WeakCell()
            cells[ObjectIdentifier(entry)] = (entry, cell)
            return cell
        }
    }
}

/// The registrations of an override scope: what its `overrides` closure registered, fixed when
/// the scope starts. A scope usually replaces a few services, so they are compared one by one,
/// with no table to build; a larger set gets a `LookupTable`. Immutable, so lookups need neither
/// a lock nor a reclamation read.
struct OverrideRegistrations: Sendable {
    /// Up to this many registrations, lookups compare keys one by one.
    private static let linearLimit = 8

    /// The one registration of a scope that replaces one service (no list to make), else `nil`.
    private let single: Entry?
    private let entries: [Entry]
    private let table: LookupTable?

    /// The registrations of `registry`, in registration order.
    init(_ registry: borrowing Registry) {
        single = registry.onlyEntry
        entries = single == nil ? registry.allEntries : []
        table = entries.count > Self.linearLimit ? LookupTable(entries: entries) : nil
    }

    /// The registrations, in registration order, each key once.
    var allEntries: [Entry] {
        single.map { [$0] } ?? entries
    }

    /// The registration for `key`, if the scope replaces it.
    func entry(for key: Key) -> Entry? {
        if let single { return single.key == key ? single : nil }
        // The table is this value's own and never replaced, so its entries stay valid.
        if let table { return table.entry(for: key)?.takeUnretainedValue() }
        return entries.first { $0.key == key }
    }

    /// The registrations of one type (any name, any arguments), in registration order.
    func entries(ofType type: ObjectIdentifier) -> [Entry] {
        allEntries.filter { $0.key.type == type }
    }
}
