import DIContainerLocking
import DIDemoInfrastructure

/// The cache changes of a ``CacheRefresh`` in progress, kept back until it ends.
///
/// Bound to the refresh's task (and so to every child task it starts) as a task-local value;
/// `ScheduledCache.write(_:)` adds to it instead of writing when its store is the refresh's.
/// `Task.detached` work does not inherit it and writes directly.
final class CacheStaging: Sendable {
    @TaskLocal static var current: CacheStaging?

    let store: any CacheStore
    private let changes = Locked(CacheChanges())

    init(store: any CacheStore) {
        self.store = store
    }

    /// Whether writes to `other` belong to this refresh: the same store instance. (A store that
    /// is not a class has no identity to compare, and is written directly.)
    func isStaging(for other: any CacheStore) -> Bool {
        guard type(of: store) is AnyClass, type(of: other) is AnyClass else { return false }
        return ObjectIdentifier(store as AnyObject) == ObjectIdentifier(other as AnyObject)
    }

    /// Keeps `more` for the end of the refresh; later changes of a key win.
    func add(_ more: CacheChanges) {
        changes.withLock { $0.merge(more) }
    }

    /// Everything kept back so far.
    var staged: CacheChanges {
        changes.withLock { $0 }
    }
}
