/// How the engine runs a `@MainActor` factory from its nonisolated steps, without a trap: only on
/// the main actor (`MainActorIsolation`), checked at every step of a main-actor registration
/// before it builds or reuses an instance (`Entry.requireMainActor(below:)`), with
/// `ResolutionError.Kind.mainActorRequired` elsewhere.
import Locking

enum MainActorFactory {
    /// `factory` as a nonisolated function that runs it only on the main actor.
    static func checked<Args, S>(
        _ factory: @escaping @MainActor @Sendable (any Resolver, Args) throws -> S
    ) -> @Sendable (any Resolver, Args) throws -> S {
        return { resolver, arguments in
            // The engine checked before this step; this check keeps the call sound whoever calls.
            try MainActorIsolation.run(factory, resolver, arguments) {
                throw ResolutionError(.mainActorRequired, path: (resolver as? Frame)?.path ?? [])
            }
        }
    }
}

extension Entry {
    /// Throws unless the calling code may build or be handed this main-actor registration's
    /// instance: code on the main actor.
    func requireMainActor(below parent: Frame?) throws {
        guard !MainActorIsolation.isCurrent else { return }
        throw ResolutionError(.mainActorRequired, path: (parent?.path ?? []) + [service], registrationSite: site)
    }
}
