import Dispatch
import Foundation

/// Whether code runs on the main actor, asked without a trap, and running main-actor code there
/// from nonisolated code: the container's main-actor registrations and the presenters' views use
/// it.
///
/// The main actor's executor is the main dispatch queue: its jobs run there one at a time (on the
/// main thread on Apple platforms; on Linux, once `dispatchMain()` runs, on whichever thread
/// drains that queue). So code running on the main queue — or on the main thread, where no other
/// main-actor job can run at the same time — is isolated to the main actor.
/// `MainActor.assumeIsolated` makes the same check but traps when it fails, and wants a
/// `Sendable` result.
package enum MainActorIsolation {
    /// Marks the main queue, so that code can ask whether it runs there (`DispatchQueue.getSpecific`
    /// also answers for queues that target the main queue, which it serializes).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code is on the main actor: on the main queue, or on the main thread.
    /// The queue is asked first: on Linux, asking for the main thread takes two system calls.
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) ?? Thread.isMainThread
    }

    /// Calls `body` with `argument` when the calling code is on the main actor, else returns what
    /// `otherwise` returns (or throws).
    ///
    /// ```swift
    /// let model = try MainActorIsolation.run(makeViewModel, session) { throw NotOnMainActor() }
    /// ```
    ///
    /// - Parameters:
    ///   - body: A main-actor function.
    ///   - argument: What to call it with.
    ///   - otherwise: What to do off the main actor.
    /// - Returns: What `body` returns, or off the main actor what `otherwise` returns.
    package static func run<A, T>(
        _ body: @MainActor (A) throws -> T, _ argument: A, otherwise: () throws -> T
    ) rethrows -> T {
        guard isCurrent else { return try otherwise() }
        return try withoutActuallyEscaping(body) { body in
            try nonisolated(body, as: ((A) throws -> T).self)(argument)
        }
    }

    /// `body`, a main-actor function of two arguments, as a function callable from anywhere: it
    /// calls `body` when the caller is on the main actor, else returns what `otherwise` returns (or
    /// throws). The isolation is dropped once, here: dropping it on each call would look the
    /// function's type up at run time on every call of generic code.
    ///
    /// - Parameters:
    ///   - body: A main-actor function.
    ///   - otherwise: What to do off the main actor.
    /// - Returns: The checked function.
    package static func checking<A, B, T>(
        _ body: @escaping @MainActor @Sendable (A, B) throws -> T, otherwise: @escaping @Sendable () throws -> T
    ) -> @Sendable (A, B) throws -> T {
        let plain = nonisolated(body, as: (@Sendable (A, B) throws -> T).self)
        return { first, second in
            guard isCurrent else { return try otherwise() }
            return try plain(first, second)
        }
    }

    /// `body`, a main-actor function, as the same function without its isolation: called only
    /// after `isCurrent` said the caller is on the main actor (`checking` calls the result only
    /// then).
    private static func nonisolated<Isolated, Plain>(_ body: Isolated, as _: Plain.Type) -> Plain {
        // An unsafe cast with its reason: the caller checked the isolation the cast drops, as
        // `MainActor.assumeIsolated` does (which cannot return a non-`Sendable` result), and the
        // representation of a synchronous function does not depend on its global actor.
        unsafeBitCast(body, to: Plain.self)
    }
}
