import Foundation

/// How the engine runs a `@MainActor` factory from its nonisolated steps, without a trap.
///
/// The main actor's executor runs its jobs on the main thread, one at a time; so code already on
/// the main thread is isolated to the main actor (the runtime's own `MainActor.assumeIsolated`
/// check says the same). The engine checks the thread first — at every step of a main-actor
/// registration, before it builds or reuses an instance (`Entry.requireMainThread(below:)`) — and
/// throws `ResolutionError.Kind.mainActorRequired` elsewhere; it never traps.
enum MainActorFactory {
    /// Whether the calling thread is the main thread, hence on the main actor.
    static var isOnMainThread: Bool {
        Thread.isMainThread
    }

    /// `factory` as a nonisolated function that runs it only on the main thread.
    ///
    /// Calling a `@MainActor` function from nonisolated code needs the isolation the thread check
    /// proves; the cast says so to the compiler, as the standard library's
    /// `MainActor.assumeIsolated` does (which cannot be used here: it wants a `Sendable` result,
    /// and a main-actor service need not be one). The representation of a synchronous function
    /// does not depend on its global actor.
    static func checked<Args, S>(
        _ factory: @escaping @MainActor @Sendable (any Resolver, Args) throws -> S
    ) -> @Sendable (any Resolver, Args) throws -> S {
        let body = unsafeBitCast(factory, to: (@Sendable (any Resolver, Args) throws -> S).self)
        return { resolver, arguments in
            // The engine checked the thread before this step; this check keeps the cast sound
            // whoever calls.
            guard isOnMainThread else {
                throw ResolutionError(.mainActorRequired, path: (resolver as? Frame)?.path ?? [])
            }
            return try body(resolver, arguments)
        }
    }
}

extension Entry {
    /// Throws unless the calling thread may build or be handed this main-actor registration's
    /// instance: the main thread.
    func requireMainThread(below parent: Frame?) throws {
        guard !MainActorFactory.isOnMainThread else { return }
        throw ResolutionError(.mainActorRequired, path: (parent?.path ?? []) + [service], registrationSite: site)
    }
}
