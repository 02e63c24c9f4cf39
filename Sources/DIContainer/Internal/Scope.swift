import Locking
import Synchronization

/// An isolated world for resolutions: test overrides (`withOverrides`) or a validation dry run.
///
/// Inside a scope, the registrations of `overrides` replace the container's for `target` and its
/// children, and every `singleton` / `weak` instance lives in the scope's own cells: it is never
/// read from, nor written to, the real container (ready-made instances registered with
/// `register(_:name:instance:)` excepted: they are shared as they are). Scopes nest.
final class Scope: Sendable {
    let target: Container
    let overrides: Registry?
    let parent: Scope?
    /// Set during validation: records the dependencies factories ask for.
    let recorder: DependencyRecorder?
    private let cells = Locked<[ObjectIdentifier: InstanceCell]>([:])

    init(target: Container, overrides: Registry?, parent: Scope?, recorder: DependencyRecorder? = nil) {
        self.target = target
        self.overrides = overrides
        self.parent = parent
        self.recorder = recorder
    }

    /// The overriding registration for `key` when resolving from `container`, innermost first.
    func override(for key: Key, in container: Container) -> Entry? {
        var scope: Scope? = self
        while let current = scope {
            if let overrides = current.overrides, container.isOrDescends(from: current.target),
               let entry = overrides.entry(for: key) {
                return entry
            }
            scope = current.parent
        }
        return nil
    }

    /// The overriding registrations of a type, for `resolveAll`.
    func overrides(ofType type: ObjectIdentifier, in container: Container) -> [Entry] {
        var result: [Entry] = []
        var scope: Scope? = self
        while let current = scope {
            if let overrides = current.overrides, container.isOrDescends(from: current.target) {
                result += overrides.entries(ofType: type).filter { entry in
                    !result.contains { $0.key == entry.key }
                }
            }
            scope = current.parent
        }
        return result
    }

    /// This scope's own instance store for `entry`.
    ///
    /// A validation dry run outside any override scope reuses a singleton the container has
    /// already built (reading it changes nothing), so validating never builds a second copy.
    func cell(for entry: Entry) -> InstanceCell {
        if entry.isInstance { return entry.cell }
        if recorder != nil, parent == nil, entry.cell.load() != nil { return entry.cell }
        return cells.withLock { cells in
            if let cell = cells[ObjectIdentifier(entry)] { return cell }
            let cell = InstanceCell(weak: entry.lifetime == .weak)
            cells[ObjectIdentifier(entry)] = cell
            return cell
        }
    }
}

/// Collects, during a validation dry run, which services each factory asked for. It keeps the
/// entries it saw alive, so its identifiers never refer to a later entry at the same address.
final class DependencyRecorder: Sendable {
    /// Per entry that ran: the entry itself (kept alive) and what it asked for, in order.
    private let edges = Locked<[ObjectIdentifier: (entry: Entry, dependencies: [Dependency])]>([:])

    func record(_ dependency: Dependency, of entry: Entry) {
        edges.withLock { edges in
            var record = edges[ObjectIdentifier(entry)] ?? (entry, [])
            if !record.dependencies.contains(dependency) { record.dependencies.append(dependency) }
            edges[ObjectIdentifier(entry)] = record
        }
    }

    /// Notes that `entry`'s factory ran, so an empty dependency list means "none", not "unknown".
    func observe(_ entry: Entry) {
        edges.withLock { edges in
            if edges[ObjectIdentifier(entry)] == nil { edges[ObjectIdentifier(entry)] = (entry, []) }
        }
    }

    func dependencies(of entry: Entry) -> [Dependency]? {
        edges.withLock { $0[ObjectIdentifier(entry)]?.dependencies }
    }
}

/// The scope of the current task, set by `withOverrides`.
enum CurrentScope {
    @TaskLocal static var value: Scope?

    /// How many override scopes are open in the whole process. While it is zero, resolving skips
    /// the task-local lookup altogether.
    static let openCount = Atomic<Int>(0)

    @inline(__always)
    static var current: Scope? {
        openCount.load(ordering: .relaxed) == 0 ? nil : value
    }
}
