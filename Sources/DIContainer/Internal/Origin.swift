/// Where a synchronous resolve comes from: a new resolution, or a factory on the thread's
/// resolution stack asking for a dependency.
enum Origin {
    /// A new resolution in `scope`; with a `base`, it continues that `async` resolution (a
    /// synchronous dependency of an `async` factory). Unretained, so passing an origin costs
    /// no reference counting: whoever starts the resolve keeps both alive until it returns.
    case top(scope: Unmanaged<Scope>?, base: Unmanaged<Frame>?)
    /// A dependency of the innermost step of the thread's stack.
    case nested

    /// Where a resolve that nothing links to a running resolution comes from: a factory running
    /// on this thread asks for a dependency (through its resolver, or through a container
    /// directly), unless it opened another scope; otherwise a new resolution begins.
    @inline(__always)
    static func current(on stack: ResolutionStack) -> Origin {
        let scope = CurrentScope.current.map(Unmanaged.passUnretained)
        guard stack.count > 0, stack.innermost.scope?.toOpaque() == scope?.toOpaque() else {
            return .top(scope: scope, base: nil)
        }
        return .nested
    }

    /// A new resolution in `scope`, continuing `base` if set.
    static func top(_ scope: Scope?, base: Frame?) -> Origin {
        .top(scope: scope.map(Unmanaged.passUnretained), base: base.map(Unmanaged.passUnretained))
    }

    /// The test-override or validation scope the resolve runs in.
    func scope(on stack: ResolutionStack) -> Scope? {
        switch self {
        case .top(let scope, _): scope?.takeUnretainedValue()
        case .nested: stack.innermost.scope?.takeUnretainedValue()
        }
    }

    /// The registration that asked, if any.
    func parentEntry(on stack: ResolutionStack) -> Entry? {
        switch self {
        case .top(_, let base): base?.takeUnretainedValue().entry
        case .nested: stack.innermost.entry.takeUnretainedValue()
        }
    }

    /// The services from the top-level request to the one that asked.
    func path(on stack: ResolutionStack) -> [ServiceKey] {
        switch self {
        case .top(_, let base): base?.takeUnretainedValue().path ?? []
        case .nested: stack.path
        }
    }

    /// The `graph` instance of `entry` already built in this resolution, if any.
    func graphInstance(of entry: Entry, on stack: ResolutionStack) -> AnyInstanceBox? {
        switch self {
        case .top(_, let base): base?.takeUnretainedValue().graphInstance(of: entry)
        case .nested: stack.graphInstance(of: entry)
        }
    }
}
