/// A factory that takes its arguments later: each call builds the registration of `S` that takes
/// runtime arguments `A…`, with the arguments given to the call.
///
/// A consumer that builds a service for a value it learns at run time (a presenter for an id the
/// user taps) depends on a `Maker` instead of the whole container:
///
/// ```swift
/// container.register(CourseDetailPresenter.self, argument: Int.self, initializer: CourseDetailPresenter.init)
///
/// final class CourseListCoordinator {
///     private let makeDetail: Maker<CourseDetailPresenter, Int>
///     init(makeDetail: Maker<CourseDetailPresenter, Int>) { self.makeDetail = makeDetail }
///     func open(courseID: Int) throws -> CourseDetailPresenter { try makeDetail(courseID) }
/// }
/// container.register(CourseListCoordinator.self, initializer: CourseListCoordinator.init)   // auto-wired
/// // or in a closure: try r.resolve(Maker<CourseDetailPresenter, Int>.self)
/// ```
///
/// Each call is a new top-level resolve of `S` with those arguments, as
/// `resolve(_:name:arguments:)` would be: `S`'s lifetime decides whether the instance is new, and
/// the test overrides and contexts in effect where the call runs apply (outside any override
/// scope, those in effect where the handle was made). Who asked (`Resolver.requester`) is the
/// service that asked for the `Maker`. A `Maker` is no part of a dependency cycle.
///
/// Resolving `Maker<S, A…>` fails at once when nothing registers `S` with arguments `(A…)`
/// (`argumentMismatch` when `S` is registered with other argument types), and `validate()`
/// reports it; the target's other dependencies are checked without an argument when its
/// initializer declares them (`register(_:argument:initializer:)`).
///
/// **Threads.** `Maker` is `Sendable` when `S` is, and may be called from any thread.
///
/// **Memory.** A `Maker` holds its container weakly; calling one whose container is gone throws
/// `ResolutionError.Kind.containerReleased`.
public struct Maker<S, each A> {
    /// The container each call resolves in, held weakly (see **Memory**).
    private weak let container: Container?
    /// What each call resolves: `S` under the handle's name, taking `(A…)`.
    private let target: Key
    /// The test overrides in effect where the handle was made, for calls outside any override scope.
    private let madeIn: OverrideScope?
    /// The registrations above the handle: what its calls build is theirs too, for the order of endings.
    private let origin: [Key]
    /// Who asked for the handle, as its key (`RequesterKey` says why not its entry).
    private let requester: RequesterKey?

    fileprivate init(container: Container, target: Key, madeIn: OverrideScope?, origin: [Key], requester: RequesterKey?) {
        self.container = container
        self.target = target
        self.madeIn = madeIn
        self.origin = origin
        self.requester = requester
    }

    /// A newly built instance of `S` (or the kept one, for lifetimes that keep instances), made
    /// with `arguments`.
    ///
    /// - Parameter arguments: The runtime arguments, as the registration's factory takes them.
    /// - Returns: The instance.
    /// - Throws: `ResolutionError` when the resolve fails.
    public func callAsFunction(_ arguments: repeat each A) throws -> S {
        guard let container else { throw Container.released(S.self, key: target) }
        return try container.resolveHandleRead(
            S.self, key: target, arguments: (repeat each arguments), madeIn: madeIn, origin: origin, requester: requester)
    }
}

extension Maker: Sendable where S: Sendable {}

extension Maker: ResolvableHandle {
    static var wrappedType: Any.Type { S.self }
    static var keepsInstance: Bool { false }

    static func target(for key: Key) -> Key {
        Key(S.self, name: key.name, arguments: (repeat each A).self)
    }

    static func missingTarget<Args>(
        _ target: Key, arguments: Args.Type, in container: Container, parent: Step?, scope: OverrideScope?
    ) -> ResolutionError {
        container.missing(S.self, key: target, arguments: (repeat each A).self, parent: parent, scope: scope)
    }

    static func make<Args>(
        for target: Key, arguments: Args, parent: Step?, resolution: Resolution, container: Container, origin: [Key]
    ) -> Maker<S, repeat each A> {
        Maker(
            container: container, target: target, madeIn: resolution.scope, origin: origin,
            requester: parent.map { RequesterKey($0.entry) })
    }
}
