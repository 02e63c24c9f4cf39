import Locking
import Synchronization

/// The test overrides of `withOverrides`: registrations that replace the container's for
/// `target` and its children, and the scope's own `singleton` and `weak` instances, which are
/// never read from, nor written to, the real container (ready-made instances excepted). Scopes
/// nest through `parent`.
///
/// The current scope is a task-local value, so a `Task {}` created inside `withOverrides` keeps
/// the scope — and sees its overrides — for as long as it runs, even after `withOverrides`
/// returned. Resolving skips the task-local read while no scope exists anywhere in the process
/// (`live` is zero): a scope counts as live from its creation until it is released, which is
/// after the last task holding it has ended.
final class OverrideScope: Sendable {
    @TaskLocal static var value: OverrideScope?

    /// How many scopes exist in the process.
    private static let live = Atomic<Int>(0)

    /// The scope of the current task, if any.
    @inline(__always)
    static var current: OverrideScope? {
        live.load(ordering: .acquiring) == 0 ? nil : value
    }

    let target: Container
    let overrides: Registry
    let parent: OverrideScope?
    private let cells = Locked<[ObjectIdentifier: (entry: Entry, cell: InstanceCell)]>([:])
    private let weakCells = Locked<[ObjectIdentifier: (entry: Entry, cell: WeakCell)]>([:])

    init(target: Container, overrides: Registry, parent: OverrideScope?) {
        self.target = target
        self.overrides = overrides
        self.parent = parent
        Self.live.add(1, ordering: .releasing)
    }

    deinit {
        Self.live.subtract(1, ordering: .releasing)
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
