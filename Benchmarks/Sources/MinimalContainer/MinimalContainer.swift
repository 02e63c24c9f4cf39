/// The floor of a container with `DIContainer`'s API shape, for the benchmark only: what any
/// container pays to resolve a graph of factories that resolve their dependencies through an
/// existential resolver, and to keep each `graph` instance for the rest of the top-level resolve —
/// and nothing else.
///
/// It is a separate module, as a real container would be, so the benchmark's calls run its
/// generic code unspecialized. It has none of what makes a container usable: one thread only, no
/// names or runtime arguments, no cycle detection (a cycle overflows the stack), no error but
/// for an unregistered type (and no path in it), no overrides, scopes or validation; a fixed table
/// of 64 registrations, and past 32 kept instances in one resolve it keeps no more.
/// It uses the same few tricks `DIContainer` uses on its hot path: an open-addressing table keyed
/// by the metatype's address, the resolver existential made once and passed without a reference
/// count, factories called without retaining them.
public final class MinimalContainer: MinimalResolver {
    /// The error for a type nothing is registered for.
    public struct Unregistered: Error {}

    private class Registration {
        let isKept: Bool

        init(isKept: Bool) {
            self.isKept = isKept
        }
    }

    private final class Factory<S>: Registration {
        /// Noncopyable, so that calling the closure borrows it instead of retaining its context.
        struct Body: ~Copyable {
            let make: (any MinimalResolver) throws -> S
        }

        let body: Body

        init(isKept: Bool, make: @escaping (any MinimalResolver) throws -> S) {
            body = Body(make: make)
            super.init(isKept: isKept)
        }
    }

    /// Holds the container as the existential its factories receive, made once. Passing a stored
    /// `let` existential takes no reference count; so that the container (which owns the holder)
    /// is not kept alive by it, `init` gives back the reference storing it took and `deinit`
    /// takes it again before the property is destroyed.
    private final class ResolverHolder {
        let resolver: any MinimalResolver
        private let container: Unmanaged<MinimalContainer>

        init(_ container: MinimalContainer) {
            resolver = container
            self.container = Unmanaged.passUnretained(container)
            self.container.release()
        }

        deinit {
            _ = container.retain()
        }
    }

    private static let tableSize = 64
    private static let keptCapacity = 32

    /// Retained registrations, by slot.
    private let registrations = UnsafeMutablePointer<Unmanaged<Registration>?>.allocate(
        capacity: MinimalContainer.tableSize)
    private let keys = UnsafeMutablePointer<UInt>.allocate(capacity: MinimalContainer.tableSize)
    private let keptKeys = UnsafeMutablePointer<UInt>.allocate(capacity: MinimalContainer.keptCapacity)
    private let keptObjects = UnsafeMutablePointer<Unmanaged<AnyObject>>.allocate(
        capacity: MinimalContainer.keptCapacity)
    // Only one thread uses the container: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var keptCount = 0
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var holder: Unmanaged<ResolverHolder>?

    /// An empty container.
    public init() {
        keys.initialize(repeating: 0, count: Self.tableSize)
        registrations.initialize(repeating: nil, count: Self.tableSize)
    }

    deinit {
        holder?.release()
        for slot in 0..<Self.tableSize { registrations[slot]?.release() }
        registrations.deallocate()
        keys.deallocate()
        keptKeys.deallocate()
        keptObjects.deallocate()
    }

    /// Registers `factory` for `type`; `keptPerResolve` makes it a `graph` registration (one
    /// instance per top-level resolve, class types only).
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - keptPerResolve: Whether one instance is kept for the rest of the top-level resolve.
    ///   - factory: Builds the instance.
    /// - Returns: `false` when the table is full, or a kept service is not a class.
    @discardableResult
    public func register<S>(
        _ type: S.Type, keptPerResolve: Bool, factory: @escaping (any MinimalResolver) throws -> S
    ) -> Bool {
        guard !keptPerResolve || type is AnyClass else { return false }
        let key = Self.key(type)
        var slot = Self.slot(key)
        for _ in 0..<Self.tableSize {
            if keys[slot] == 0 || keys[slot] == key {
                keys[slot] = key
                registrations[slot]?.release()
                registrations[slot] = Unmanaged.passRetained(Factory(isKept: keptPerResolve, make: factory))
                return true
            }
            slot = (slot + 1) & (Self.tableSize - 1)
        }
        return false
    }

    public func resolve<S>(_ type: S.Type) throws -> S {
        let key = Self.key(type)
        var slot = Self.slot(key)
        while keys[slot] != key {
            if keys[slot] == 0 { throw Unregistered() }
            slot = (slot + 1) & (Self.tableSize - 1)
        }
        guard let registration = registrations[slot] else { throw Unregistered() }
        return try registration._withUnsafeGuaranteedRef { registration in
            if registration.isKept {
                for index in 0..<keptCount where keptKeys[index] == key {
                    return keptObjects[index]._withUnsafeGuaranteedRef { unsafeBitCast($0, to: S.self) }
                }
            }
            depth += 1
            let made: S
            do {
                made = try holderForResolves()._withUnsafeGuaranteedRef { holder in
                    try unsafeDowncast(registration, to: Factory<S>.self).body.make(holder.resolver)
                }
            } catch {
                finishStep()
                throw error
            }
            if registration.isKept, keptCount < Self.keptCapacity {
                keptKeys[keptCount] = key
                keptObjects[keptCount] = Unmanaged.passRetained(unsafeBitCast(made, to: AnyObject.self))
                keptCount += 1
            }
            finishStep()
            return made
        }
    }

    /// Leaves a step; the top-level one releases the kept instances.
    private func finishStep() {
        depth -= 1
        guard depth == 0 else { return }
        for index in 0..<keptCount { keptObjects[index].release() }
        keptCount = 0
    }

    private func holderForResolves() -> Unmanaged<ResolverHolder> {
        if let holder { return holder }
        let made = Unmanaged.passRetained(ResolverHolder(self))
        holder = made
        return made
    }

    private static func key<S>(_ type: S.Type) -> UInt {
        UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type)))
    }

    private static func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key >> 4) & UInt(tableSize - 1))
    }
}
