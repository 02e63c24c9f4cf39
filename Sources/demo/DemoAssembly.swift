import DIContainer
import DIDemoAppAssembly

/// How the demo assembles the app: exactly as `AppAssembly` does, or — with `--without` — the
/// same steps with one left out, to show what `validate()` reports about an incomplete app.
///
/// ```swift
/// DemoAssembly(configuration: configuration, without: "InfrastructureAssembly").assemble(into: .shared)
/// try Container.shared.validate()   // throws: APIClient and CacheStore are not registered
/// ```
struct DemoAssembly: Assembly {
    /// The app's configuration.
    let configuration: AppConfiguration
    /// What to leave out: `AppConfiguration` or the type name of one of `AppAssembly.layers`.
    let without: String?

    /// What `--without` accepts: the configuration's registration or one layer's assembly.
    static var omittable: [String] {
        ["AppConfiguration"] + AppAssembly.layers.map(name(of:))
    }

    func assemble(into container: Container) {
        guard let without else {
            AppAssembly(configuration: configuration).assemble(into: container)
            return
        }
        if without != "AppConfiguration" {
            container.register(AppConfiguration.self, instance: configuration)
        }
        container.apply(AppAssembly.layers.filter { Self.name(of: $0) != without })
    }

    private static func name(of assembly: any Assembly) -> String {
        String(describing: type(of: assembly))
    }
}
