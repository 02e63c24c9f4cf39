import DIContainer

/// The reference app's contexts.
///
/// ```swift
/// // swift run demo --mock-server   (the demo's default without --base-url)
/// try container.resolve((any Transport).self)   // a FixtureTransport over the fixtures
/// ```
extension Context {
    /// Launched with `--mock-server`: the app answers from its fixtures instead of a server.
    /// `InfrastructureAssembly` registers the fixtures' transport as the variant for it.
    public static let mockServer: Context = .argument("mock-server")
}
