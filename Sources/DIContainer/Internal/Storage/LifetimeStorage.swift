/// Lifetimes as storage strategies: the one place that says where each lifetime keeps its
/// instances. The engine never switches on `Lifetime`; it asks the entry for its `InstanceStore`
/// and treats every store the same way (reuse what is there, else build and keep).
///
/// Adding a lifetime is one case in `makeStorage()`; `Entry.dropInstances(in:)` resets whatever
/// store it chose.
extension Lifetime {
    /// What a registration of this lifetime keeps for itself, made when it is registered.
    func makeStorage() -> RegistrationStorage {
        switch self {
        case .transient: .none
        case .graph: .perResolution
        case .singleton: .cell(InstanceCell())
        case .weak: .weak(WeakCell())
        // A scope's generation is the cell's: `reset` starts a new one.
        case .scoped: .cell(InstanceCell())
        }
    }
}

/// The instance store a registration owns.
enum RegistrationStorage: Sendable {
    /// Keeps nothing: a new instance on every resolve.
    case none
    /// Kept by each top-level resolution (`Resolution.graphInstance(of:)`), dropped when it ends.
    case perResolution
    /// One instance, built exactly once per generation (`singleton`, `scoped`, ready-made instances).
    case cell(InstanceCell)
    /// One instance while somebody else holds it.
    case weak(WeakCell)
}

extension RegistrationStorage {
    /// Whether it keeps instances in boxes (`InstanceBox`, made by `Entry.box(_:)`).
    var keepsBoxes: Bool {
        switch self {
        case .none, .weak: false
        case .perResolution, .cell: true
        }
    }
}

/// Where one resolve finds and keeps the instance of a registration.
enum InstanceStore {
    case none
    case resolution
    case cell(InstanceCell)
    case weak(WeakCell)
}

extension Entry {
    /// The store for a resolve in `resolution`: the registration's own, or, inside a test
    /// override scope, the scope's own copy of it (ready-made instances are shared as they are).
    @inline(__always)
    func store(in resolution: Resolution) -> InstanceStore {
        switch storage {
        case .none: return .none
        case .perResolution: return .resolution
        case .cell(let cell):
            if let scope = resolution.scope, !isInstance { return .cell(scope.cell(for: self)) }
            return .cell(cell)
        case .weak(let cell):
            if let scope = resolution.scope { return .weak(scope.weakCell(for: self)) }
            return .weak(cell)
        }
    }
}

extension Entry {
    /// Drops the instance a resolve in `scope` (or outside overrides, for `nil`) would reuse, so
    /// the next resolve builds a new one. A build in flight finishes for its own resolve only (see
    /// `InstanceCell.reset()`). Ready-made instances are kept: there is nothing to build them again.
    func dropInstances(in scope: OverrideScope?) {
        switch storage {
        case .none, .perResolution:
            return
        case .cell(let cell):
            guard !isInstance else { return }
            (scope?.cell(for: self) ?? cell).reset()
        case .weak(let cell):
            (scope?.weakCell(for: self) ?? cell).reset()
        }
    }
}
