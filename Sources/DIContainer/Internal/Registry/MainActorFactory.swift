import Dispatch
import Foundation

/// How the engine runs a `@MainActor` factory from its nonisolated steps, without a trap.
///
/// The main actor's executor is the main dispatch queue: its jobs run there one at a time (on the
/// main thread on Apple platforms; on Linux, once `dispatchMain()` runs, on whichever thread
/// drains that queue). So code running on the main queue — or on the main thread, where no other
/// main-actor job can run at the same time — is isolated to the main actor. The engine checks this
/// at every step of a main-actor registration, before it builds or reuses an instance
/// (`Entry.requireMainActor(below:)`), and throws `ResolutionError.Kind.mainActorRequired`
/// elsewhere; it never traps (`MainActor.assumeIsolated` would).
enum MainActorFactory {
    /// Marks the main queue, so that code can ask whether it runs there (`DispatchQueue.getSpecific`
    /// also answers for queues that target the main queue, which it serializes).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code is on the main actor: on the main queue, or on the main thread.
    static var isOnMainActor: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) ?? Thread.isMainThread
    }

    /// `factory` as a nonisolated function that runs it only on the main actor.
    ///
    /// Calling a `@MainActor` function from nonisolated code needs the isolation the check
    /// proves; the cast says so to the compiler, as the standard library's
    /// `MainActor.assumeIsolated` does (which cannot be used here: it wants a `Sendable` result,
    /// and a main-actor service need not be one). The representation of a synchronous function
    /// does not depend on its global actor.
    static func checked<Args, S>(
        _ factory: @escaping @MainActor @Sendable (any Resolver, Args) throws -> S
    ) -> @Sendable (any Resolver, Args) throws -> S {
        let body = unsafeBitCast(factory, to: (@Sendable (any Resolver, Args) throws -> S).self)
        return { resolver, arguments in
            // The engine checked before this step; this check keeps the cast sound whoever calls.
            guard isOnMainActor else {
                throw ResolutionError(.mainActorRequired, path: (resolver as? Frame)?.path ?? [])
            }
            return try body(resolver, arguments)
        }
    }
}

extension Entry {
    /// Throws unless the calling code may build or be handed this main-actor registration's
    /// instance: code on the main actor.
    func requireMainActor(below parent: Frame?) throws {
        guard !MainActorFactory.isOnMainActor else { return }
        throw ResolutionError(.mainActorRequired, path: (parent?.path ?? []) + [service], registrationSite: site)
    }
}
