import Dispatch

/// One step of a resolution, reported to the tracing handler.
public struct ResolutionEvent: Sendable, CustomStringConvertible {
    /// The service resolved.
    public let service: ServiceKey
    /// Its lifetime.
    public let lifetime: Lifetime
    /// `true` when its factory ran, `false` when an existing instance was reused.
    public let isNewInstance: Bool
    /// 1 for the top-level request, 2 for its dependencies, and so on.
    public let depth: Int
    /// The time from starting to resolve it until it was ready, dependencies included.
    public let duration: Duration

    /// `  CourseRepository (name: local) · singleton · new · 12 µs`, indented by depth.
    public var description: String {
        String(repeating: "  ", count: depth - 1)
            + "\(service) · \(lifetime) · \(isNewInstance ? "new" : "reused") · \(duration)"
    }
}

extension Container {
    /// Reports every resolution step of this container to `handler`, until `stopTracing()`.
    ///
    /// Tracing is off by default and then costs a plain resolve nothing: it reads whether tracing
    /// is on with the registration it looks up, under the same lock (a resolve in an override
    /// scope or an `async` one takes that lock once more). While on, the built-singleton fast
    /// path is skipped so reuses are reported too. The resolves that `validate()`,
    /// `registrations` and `graph(format:)` make to find dependencies are not reported.
    ///
    /// ```swift
    /// container.startTracing { event in print(event) }
    /// _ = try container.resolve(MainPresenter.self)
    /// container.stopTracing()
    /// ```
    ///
    /// - Parameter handler: Called on the resolving thread after each step, children first.
    public func startTracing(_ handler: @escaping @Sendable (ResolutionEvent) -> Void) {
        registry.tracingHandler = handler
    }

    /// Stops reporting resolution steps.
    public func stopTracing() {
        registry.tracingHandler = nil
    }

    /// Now, on the clock a traced step's duration is measured by, in nanoseconds: never 0, which
    /// means untraced.
    static func tracingClock() -> UInt64 {
        max(1, DispatchTime.now().uptimeNanoseconds)
    }

    /// Reports a traced step to the handler, if one is still set.
    func reportTraced(_ entry: Entry, depth: Int, created: Bool, since start: UInt64) {
        guard let handler = registry.tracingHandler else { return }
        // A forwarded type's step reports its registration's lifetime; the instance, new or not,
        // is reported by the registration's own step below it.
        handler(
            ResolutionEvent(
                service: entry.service, lifetime: entry.forwardingTarget?.lifetime ?? entry.lifetime,
                isNewInstance: created && entry.forwardingTarget == nil,
                depth: depth, duration: .nanoseconds(Int64(clamping: Self.tracingClock() &- start))))
    }
}
