import DIContainerLocking

/// What runs of factories asked for, by registration: the one place where the engine learns a
/// closure factory's dependencies, for validation and introspection (an auto-wired initializer
/// declares them instead). A step records into it only while its registration is learning
/// (`isLearning`): in validation's dry run, and on ordinary runs of the registrations that
/// `Entry.learnsOnRuns`. One table for the process: entries are immutable, so what they learn
/// cannot live in them, and the steps that learn are few. A registration that learns on runs is
/// marked learned in its registry (`Registry.markLearned`) once a run completes, so that its later
/// steps, found there, do not take this lock to ask.
///
/// A record is keyed by its entry's identity and dropped by the entry's `deinit` (`forget`), so
/// an identity is never reused while its record exists. The table holds no reference to the
/// entry: a weak one would move all the entry's reference counting to a slower side table.
final class LearnedDependencies: Sendable {
    static let shared = LearnedDependencies()

    private struct Record: Sendable {
        /// What the factory asked for on its first completed run (or, until then, its latest
        /// failed one), and whether that run completed.
        var factory: (dependencies: [Dependency], isComplete: Bool)?
        /// What the hooks asked for on their first run.
        var hooks: [Dependency]?
    }

    private let records = Locked<[EntryID: Record]>([:])

    /// What `entry`'s factory asked for, if a run completed (or failed: `isComplete` is false).
    func factoryDependencies(of entry: Entry) -> (dependencies: [Dependency], isComplete: Bool)? {
        record(of: entry)?.factory
    }

    /// What `entry`'s hooks asked for on their first run.
    func hookDependencies(of entry: Entry) -> [Dependency]? {
        record(of: entry)?.hooks
    }

    /// Whether a run of `entry`'s factory (`hooks`: of its hooks) still records what it asks for.
    func isLearning(_ entry: Entry, hooks: Bool) -> Bool {
        guard hooks else { return isLearningFactory(entry) }
        return hookDependencies(of: entry) == nil
    }

    /// Whether the factory's dependencies are unknown: not declared (or decorated, which may ask
    /// for more) and no run completed.
    func isLearningFactory(_ entry: Entry) -> Bool {
        guard entry.kind != .forwarding, entry.definition.dependencyTypes == nil || !entry.decorators.isEmpty else { return false }
        // Read in place: a copy of the record would retain and release its lists.
        return records.withLock { records in
            guard let index = records.index(forKey: EntryID(entry)) else { return true }
            return records.values[index].factory?.isComplete != true
        }
    }

    /// The dependencies known without running the factory now: declared, forwarded to, or seen on
    /// a run.
    func knownDependencies(of entry: Entry) -> [Dependency]? {
        if let forwarding = entry.definition.forwarding {
            guard let target = forwarding.registry?.entry(for: forwarding.target) else { return [] }
            return [Dependency(target)]
        }
        if let declared = entry.declaredDependencies, entry.decorators.isEmpty { return declared }
        return factoryDependencies(of: entry)?.dependencies
    }

    /// Keeps what a run of `entry`'s factory asked for: the first completed run's, or until then
    /// the latest failed run's.
    func learn(_ dependencies: [Dependency], of entry: Entry, complete: Bool) {
        update(entry) { if $0.factory?.isComplete != true { $0.factory = (dependencies, complete) } }
    }

    /// Keeps what the first run of `entry`'s hooks asked for.
    func learnHooks(_ dependencies: [Dependency], of entry: Entry) {
        update(entry) { if $0.hooks == nil { $0.hooks = dependencies } }
    }

    /// Drops what `entry` learned: called by its `deinit`, before its identity can be reused.
    func forget(_ entry: EntryID) {
        records.withLock { records in
            // Most entries never learn: an empty table is not hashed into.
            if !records.isEmpty { records[entry] = nil }
        }
    }

    private func record(of entry: Entry) -> Record? {
        records.withLock { $0[EntryID(entry)] }
    }

    private func update(_ entry: Entry, _ change: (inout Record) -> Void) {
        records.withLock { records in change(&records[EntryID(entry), default: Record()]) }
    }
}

extension Entry {
    /// The dependencies known without running the factory now (`LearnedDependencies`).
    var knownDependencies: [Dependency]? { LearnedDependencies.shared.knownDependencies(of: self) }

    /// What the hooks asked for on their first run (`nil` without hooks: the table is not read).
    var hookDependencies: [Dependency]? { hooks.isEmpty ? nil : LearnedDependencies.shared.hookDependencies(of: self) }

    /// Whether validation has to run the factory to learn its dependencies.
    var needsDryRun: Bool {
        // A forwarded type is run for the cast of its target's instance, which only a run checks.
        !isInstance && key.arguments == Key.noArguments && (kind == .forwarding || LearnedDependencies.shared.isLearningFactory(self))
    }
}
