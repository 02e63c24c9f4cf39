import DIContainerLocking

/// The registrations of one container, by key, in registration order (a re-registration takes
/// the place of the one it replaces), and its decorators, behind one lock that readers hold only
/// for a lookup. Entries are immutable: every change to a registration is a new entry swapped in
/// here, under the lock, so `register`, `decorate`, `when` and `implements` may race in any order.
/// An object of its own, so that a forwarded type and the ending of a kept instance can reach it
/// weakly: a weak reference to the container would give the container a side table, and every
/// retain of it, on every resolve, would take the runtime's slower path.
///
/// A key registered again is recorded as a `Replacement` (only then: it is rare), for validation
/// to report the duplicates nobody marked `Registration.replacing()`.
final class Registry: Sendable {
    /// A registration replaced by a later one of the same key (`add`, not a change to the same
    /// registration). Only the definitions are kept: the replaced instances go.
    struct Replacement: Sendable {
        let replaced: Entry.Definition
        let by: Entry.Definition
        /// The replacing registration (`Entry.registration`).
        let registration: ObjectIdentifier
        /// The replaced registration (`Entry.registration`).
        var replacedRegistration: ObjectIdentifier? = nil
        /// Whether it said it replaces on purpose (`Registration.replacing()`).
        var isOnPurpose = false

        /// Whether `other` replaced at the same place by the same place.
        func hasSites(of other: Replacement) -> Bool {
            replaced.line == other.replaced.line && by.line == other.by.line
                && replaced.file.description == other.replaced.file.description && by.file.description == other.by.file.description
        }
    }

    private struct Registered: Sendable {
        let entry: Entry
        /// Its place in registration order (32 bits, so that the flag below adds no word to a
        /// registration).
        private let place: Int32
        /// Whether `entry`'s factory learned its dependencies (`LearnedDependencies`): read with
        /// the entry, so that its steps skip the table's process-wide lock. A changed registration
        /// is a new entry, which learns again.
        var isLearned = false

        init(entry: Entry, order: Int) {
            self.entry = entry
            place = Int32(truncatingIfNeeded: order)
        }

        var order: Int { Int(place) }
    }

    private struct State: Sendable {
        var entries: [Key: Registered]
        /// How many keys were registered: the next one's `order`.
        var registered = 0
        /// The decorators added here (`Container.decorate`), which later registrations get too.
        var decorators: [DecorationKey: [AnyDecorator]] = [:]
        /// The keys registered again, oldest first: one record per key and pair of places, so
        /// that code registering again and again (a `setUp` assembling each time) adds nothing.
        var replacements: [Replacement] = []
        /// The index in `replacements` of each key's latest record.
        var latestReplacement: [Key: Int] = [:]
        /// Whether the container was shut down: every registration, new ones too, is refused.
        var isShutDown = false
        /// What `Container.startTracing` reports to (`Tracing` holds the switch).
        var tracingHandler: (@Sendable (ResolutionEvent) -> Void)?
        /// When this registry holds an override scope's replacements: the scope's own stores for
        /// the registrations that keep instances, and whether its closure returned.
        var scopeStores = ScopeStores()
        /// What `Registration.asDefault()` and `Assembly.requirements` declared: `nil` until the
        /// first, so that a registry with none (an override scope's) carries no more than a word.
        var declarations: Declarations?

        var defaults: Defaults {
            get { declarations?.defaults ?? Defaults() }
            set { declarations = Declarations(defaults: newValue, requirements: declarations?.requirements ?? []) }
        }

        /// What the assemblies applied here require of others (`Assembly.requirements`).
        var requirements: [StatedRequirement] {
            get { declarations?.requirements ?? [] }
            set { declarations = Declarations(defaults: declarations?.defaults ?? Defaults(), requirements: newValue) }
        }

        /// Records that `replaced` was replaced by `added`.
        mutating func recordReplacement(of replaced: Entry, by added: Entry) {
            let replacement = Replacement(
                replaced: replaced.definition, by: added.definition, registration: added.registration,
                replacedRegistration: replaced.registration)
            if let index = latestReplacement[added.key], replacements[index].hasSites(of: replacement) {
                replacements[index] = replacement
            } else {
                latestReplacement[added.key] = replacements.count
                replacements.append(replacement)
            }
        }

        /// Notes that `added` replaced `replaced`: a default yields, else the pair is recorded as a
        /// `Replacement`. Returns the slots whose instances end with the replaced registration.
        mutating func replaced(_ replaced: Entry, by added: Entry) -> [Slot] {
            if declarations != nil, defaults.answering.remove(replaced.registration) != nil {
                defaults.yielded[added.key] = (replaced.definition, replaced.registration)
            } else {
                recordReplacement(of: replaced, by: added)
            }
            return Registry.retired(replaced, by: added)
        }

        /// `entry` decorated by the decorators added here for its key (the key is not read when
        /// none were added: most containers).
        func decorated(_ entry: Entry) -> Entry {
            decorators.isEmpty ? entry : entry.decorated(by: decorators(for: entry.key))
        }

        func decorators(for key: Key) -> [AnyDecorator] {
            decorators.isEmpty ? [] : decorators[DecorationKey(key)] ?? []
        }

        /// Puts `entry` under its key, in the place of the registration it replaces; returns that one.
        mutating func put(_ entry: Entry) -> Entry? {
            let entry = isShutDown ? entry.refusal(.shutDown) : entry
            guard let replaced = entries.updateValue(Registered(entry: entry, order: registered), forKey: entry.key) else {
                registered += 1
                return nil
            }
            entries[entry.key] = Registered(entry: entry, order: replaced.order)
            return replaced.entry
        }
    }

    private let state: Locked<State>
    /// The container's ledger, which ends what a replaced or removed registration kept.
    private let ledger: Ledger
    /// The registry of the container's parent, whose registrations answer what this one lacks.
    let parent: Registry?

    /// A registry with room for `capacity` registrations before its table grows (with none, the
    /// table is made by the first registration), below the registry of the container's parent.
    init(capacity: Int, ledger: Ledger, parent: Registry?) {
        state = Locked(State(entries: capacity == 0 ? [:] : .init(minimumCapacity: capacity)))
        self.ledger = ledger
        self.parent = parent
    }

    /// The registration answering `key` here or, if none is registered here, in the ancestors'
    /// registries (its context variant), outside test overrides.
    func answering(_ key: Key) -> Entry? {
        var isLearned = false
        return answering(key, isLearned: &isLearned)
    }

    /// The slots of `replaced` (and its variants) that `replacement` does not share: what they
    /// keep ends with the registration.
    fileprivate static func retired(_ replaced: Entry?, by replacement: Entry?) -> [Slot] {
        guard let replaced else { return [] }
        let kept = replacement?.withVariants.compactMap(\.slot) ?? []
        return replaced.withVariants.compactMap(\.slot).filter { slot in !kept.contains { $0 === slot } }
    }

    /// Adds `entry`, decorated by the decorators added here for its key, in the place (and order)
    /// of the registration under its key; the one it replaces is recorded as a `Replacement`,
    /// unless it is a default (`Registration.asDefault()`), which yields; what it kept ends.
    /// Returns the replaced one.
    @discardableResult
    func add(_ entry: Entry) -> Entry? {
        // A new key (what most registrations are) returns `nil` from the lock: no list to make.
        let replacement = state.withLock { state -> (replaced: Entry, retired: [Slot])? in
            let added = state.decorated(entry)
            guard let replaced = state.put(added) else { return nil }
            return (replaced, state.replaced(replaced, by: added))
        }
        guard let replacement else { return nil }
        // What the replaced registration kept ends with it.
        ledger.retire(replacement.retired)
        return replacement.replaced
    }

    /// Marks the registration `registration` (under `key`) as a default: it yields to any other
    /// registration of `key`. `replaced` is what adding it replaced: a registration that is no
    /// default answers again, in its place; another default makes the pair a duplicate.
    func markDefault(_ key: Key, of registration: ObjectIdentifier, replaced: Entry?) {
        state.withLock { state in
            guard let current = state.entries[key]?.entry else { return }
            guard current.registration == registration else {
                // Replaced already (on another thread, between `register` and this mark): it yields.
                for index in state.replacements.indices where state.replacements[index].replacedRegistration == registration {
                    state.replacements[index].isOnPurpose = true
                    state.defaults.yielded[key] = (state.replacements[index].replaced, registration)
                }
                return
            }
            guard let replaced else {
                state.defaults.answering.insert(registration)
                return
            }
            if state.defaults.yielded[key]?.registration == replaced.registration {
                // Two defaults for one key: a duplicate, whichever was added first.
                state.defaults.yielded[key] = nil
                state.defaults.answering.insert(registration)
                state.recordReplacement(of: replaced, by: current)
                return
            }
            // Adding the default closed the other's slot: it answers again with a store of its own.
            _ = state.put(replaced.adopted())
            state.defaults.yielded[key] = (current.definition, registration)
            // It yielded: its replacing the other is no duplicate.
            for index in state.replacements.indices where state.replacements[index].registration == registration {
                state.replacements[index].isOnPurpose = true
            }
        }
    }

    /// Records what an applied assembly requires of others.
    func addRequirements(_ requirements: [StatedRequirement]) {
        state.withLock { $0.requirements += requirements }
    }

    /// What the assemblies applied here require of others, in the order stated.
    var requirements: [StatedRequirement] {
        state.withLock { $0.requirements }
    }

    /// Whether `entry`'s registration is a default that answers its key here, and the default
    /// that yielded to the registration under `entry`'s key, if one did.
    func defaultState(of entry: Entry) -> (isDefault: Bool, yielded: Entry.Definition?) {
        state.withLock { state in
            guard state.entries[entry.key]?.entry.registration == entry.registration else { return (false, nil) }
            return (state.defaults.answering.contains(entry.registration), state.defaults.yielded[entry.key]?.definition)
        }
    }

    /// Marks the replacements made by `registration` (under `key`) and by the types it forwards
    /// to `key` as made on purpose.
    func markReplacing(_ key: Key, by registration: ObjectIdentifier) {
        state.withLock { state in
            for index in state.replacements.indices
            where state.replacements[index].registration == registration || state.replacements[index].by.forwarding?.target == key {
                state.replacements[index].isOnPurpose = true
            }
        }
    }

    /// The replacements not made on purpose, oldest first.
    var duplicates: [Replacement] {
        state.withLock { $0.replacements.filter { !$0.isOnPurpose } }
    }

    /// Adds `entry` (decorated as `add` does) unless a registration answers its key here.
    func addUnlessRegistered(_ entry: Entry) {
        state.withLock { state in
            guard state.entries[entry.key] == nil else { return }
            _ = state.put(state.decorated(entry))
        }
    }

    /// Replaces the entry of `registration` (an `Entry.registration`) under `key` with
    /// `change(entry, decorators of key)`; nothing changes when that registration is no longer
    /// the one under `key` (replaced or removed).
    func update(_ key: Key, of registration: ObjectIdentifier, _ change: (_ current: Entry, _ decorators: [AnyDecorator]) -> Entry) {
        let retired = state.withLock { state in
            guard let current = state.entries[key]?.entry, current.registration == registration else { return [Slot]() }
            let changed = change(current, state.decorators(for: key))
            return Self.retired(state.put(changed), by: changed)
        }
        ledger.retire(retired)
    }

    /// Refuses every registration from now on (`ResolutionError.Kind.shutDown`), those added later
    /// too; returns the registrations refused (with their variants), whose instances are to be
    /// shut down, or `nil` when it was shut down before.
    func shutDown() -> [Entry]? {
        state.withLock { state in
            guard !state.isShutDown else { return nil }
            state.isShutDown = true
            let refused = state.entries.values.sorted { $0.order < $1.order }.map(\.entry)
            for entry in refused { _ = state.put(entry) }
            return refused.flatMap(\.withVariants)
        }
    }

    /// Whether the container was shut down.
    var isShutDown: Bool { state.withLock { $0.isShutDown } }

    /// Runs `body` on the override scope's stores kept here (`OverrideScope`), under the lock.
    func withScopeStores<R>(_ body: (inout ScopeStores) -> R) -> R {
        state.withLock { body(&$0.scopeStores) }
    }

    /// What `Container.startTracing` reports to, if tracing is on.
    var tracingHandler: (@Sendable (ResolutionEvent) -> Void)? {
        get { state.withLock { $0.tracingHandler } }
        set { state.withLock { $0.tracingHandler = newValue } }
    }

    /// Whether tracing is on (`Container.startTracing`).
    var isTraced: Bool {
        state.withLock { $0.tracingHandler != nil }
    }

    /// The registration answering `key` here, if any.
    func entry(for key: Key) -> Entry? {
        state.withLock { $0.entries[key]?.entry }
    }

    /// `answering(_:)` for a step, and in `isLearned` whether the registration answering learned
    /// its factory's dependencies (`markLearned`).
    func answering(_ key: Key, isLearned: inout Bool) -> Entry? {
        guard let (entry, learned) = state.withLock({ $0.entries[key].map { ($0.entry, $0.isLearned) } }) else {
            return parent?.answering(key, isLearned: &isLearned)
        }
        return Self.answer(of: entry, marked: learned, isLearned: &isLearned)
    }

    /// `answering(_:isLearned:)`, and in `isTraced` whether this registry's container traces, read
    /// under the same lock as the registration here: what a new resolution looks up first.
    func answering(_ key: Key, isTraced: inout Bool, isLearned: inout Bool) -> Entry? {
        let found = state.withLock { state in
            isTraced = state.tracingHandler != nil
            return state.entries[key].map { ($0.entry, $0.isLearned) }
        }
        guard let (entry, learned) = found else { return parent?.answering(key, isLearned: &isLearned) }
        return Self.answer(of: entry, marked: learned, isLearned: &isLearned)
    }

    /// What answers for the registration `entry` in the task's contexts. `marked`, the mark of
    /// `entry` (`markLearned`), holds in `isLearned` only when that is `entry` itself: a variant is
    /// an entry of its own.
    private static func answer(of entry: Entry, marked: Bool, isLearned: inout Bool) -> Entry {
        // Most registrations are never marked: they take no comparison (which keeps both alive).
        guard marked else { return entry.answering }
        let answer = entry.answering
        isLearned = answer === entry
        return answer
    }

    /// Notes that `entry`, if it is the registration under its key here or in an ancestor,
    /// learned its factory's dependencies: the table has them complete. Only for a registration
    /// that learns on ordinary runs (`Entry.learnsOnRuns`: the others never ask the table there)
    /// and is transient (`Step.finish`).
    func markLearned(_ entry: Entry) {
        let isHere = state.withLock { state in
            guard state.entries[entry.key]?.entry === entry else { return false }
            state.entries[entry.key]?.isLearned = true
            return true
        }
        if !isHere { parent?.markLearned(entry) }
    }

    /// Drops every registration and what was replaced (the decorators stay); what the
    /// registrations kept ends (`ShutdownReason.replaced`).
    func removeAll() {
        let removed = state.withLock { state in
            defer {
                (state.entries, state.registered, state.replacements, state.latestReplacement) = ([:], 0, [], [:])
                state.declarations?.defaults = Defaults()
            }
            return state.entries.values.map(\.entry)
        }
        ledger.retire(removed.flatMap { Self.retired($0, by: nil) })
    }

    /// Adds `decorator` for `key`'s type and name, and decorates every registration here under
    /// that type and name with it; returns the keys of those registrations.
    func addDecorator(_ decorator: AnyDecorator, for key: DecorationKey) -> [Key] {
        let (keys, retired) = state.withLock { state in
            state.decorators[key, default: []].append(decorator)
            let own = state.entries.values.filter { DecorationKey($0.entry.key) == key }
            var retired: [Slot] = []
            for registered in own {
                let decorated = registered.entry.decorated(by: [decorator])
                state.entries[registered.entry.key] = Registered(entry: decorated, order: registered.order)
                retired += Self.retired(registered.entry, by: decorated)
            }
            return (own.map(\.entry.key), retired)
        }
        ledger.retire(retired)
        return keys
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
        // Orders are the places 0..<registered (a replacement keeps its place; only `removeAll`
        // drops registrations, and it starts again from 0): each entry goes straight to its
        // place, without sorting.
        let (found, places) = state.withLock { ($0.entries.values.filter { isIncluded($0.entry) }, $0.registered) }
        var ordered = [Entry?](repeating: nil, count: places)
        for registered in found { ordered[registered.order] = registered.entry }
        return ordered.compactMap { $0 }
    }
}

/// What a registry's registrations and assemblies declared beyond their factories.
struct Declarations: Sendable {
    var defaults: Defaults
    var requirements: [StatedRequirement]
}

/// The defaults of a registry (`Registration.asDefault()`): those answering their key, by
/// registration, and per key the one that yielded to another registration (its definition, for
/// introspection: its instances go).
struct Defaults: Sendable {
    var answering: Set<ObjectIdentifier> = []
    var yielded: [Key: (definition: Entry.Definition, registration: ObjectIdentifier)] = [:]
}

/// An override scope's own stores (`OverrideScope.slot(for:)`), kept in its replacements'
/// registry so that a scope makes no lock of its own.
struct ScopeStores: Sendable {
    var slots: [ObjectIdentifier: (entry: Entry, slot: Slot)] = [:]
    var isClosed = false
}
