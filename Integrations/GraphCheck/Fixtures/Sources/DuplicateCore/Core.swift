import DIContainer

public protocol Logger: Sendable {}
public final class PrintLogger: Logger {
    public init() {}
}
public final class FileLogger: Logger {
    public init() {}
}

public struct CoreAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any Logger).self, lifetime: .singleton) { _ in PrintLogger() }  // expect: warning duplicate
    }
}
