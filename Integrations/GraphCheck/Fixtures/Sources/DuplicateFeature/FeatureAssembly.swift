import DIContainer
import DuplicateCore

public final class Metrics: Sendable {
    public init() {}
}

public struct FeatureAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any Logger).self) { _ in FileLogger() }  // expect: warning duplicate
        container.register(Metrics.self) { _ in Metrics() }
    }
}

/// Applied last in debug builds: it replaces the metrics on purpose.
public struct DebugAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register(Metrics.self) { _ in Metrics() }.replacing()
        #if DEBUG
            container.register(PrintLogger.self) { _ in PrintLogger() }
        #else
            container.register(PrintLogger.self) { _ in PrintLogger() }
        #endif
    }
}
