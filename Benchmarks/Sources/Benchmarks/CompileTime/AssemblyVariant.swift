/// One way of writing the generated assembly: whose container and which registration style.
///
/// Every variant registers the same services (`AssemblyGenerator`), so a difference in build time
/// is the cost of the registration calls alone.
enum AssemblyVariant: String, CaseIterable, Sendable {
    /// Ours, every service registered with a factory closure that resolves its dependencies.
    case oursClosures = "ours-closures"
    /// Ours, every service auto-wired with `register(_:initializer:)`.
    case oursAutowiring = "ours-autowiring"
    /// Ours, closures and auto-wiring alternating (even services closures, odd auto-wired).
    case oursMixed = "ours-mixed"
    /// Swinject 2.10.0, every service registered with a factory closure (Swinject has no
    /// initializer auto-wiring of its own).
    case swinjectClosures = "swinject-closures"

    /// The column title in the report.
    var title: String {
        switch self {
        case .oursClosures: "ours, closures"
        case .oursAutowiring: "ours, auto-wiring"
        case .oursMixed: "ours, mixed"
        case .swinjectClosures: "Swinject, closures"
        }
    }

    /// The generated target's name for an assembly of `services` services.
    func targetName(services: Int) -> String {
        let stem =
            switch self {
            case .oursClosures: "OursClosures"
            case .oursAutowiring: "OursAutowiring"
            case .oursMixed: "OursMixed"
            case .swinjectClosures: "SwinjectClosures"
            }
        return "\(stem)\(services)"
    }

    /// Whether the target depends on Swinject (otherwise on this package's `DIContainer`).
    var isSwinject: Bool {
        self == .swinjectClosures
    }

    /// Whether service `index` is registered with `register(_:initializer:)`.
    func autowires(_ index: Int) -> Bool {
        switch self {
        case .oursAutowiring: true
        case .oursMixed: index % 2 == 1
        case .oursClosures, .swinjectClosures: false
        }
    }
}
