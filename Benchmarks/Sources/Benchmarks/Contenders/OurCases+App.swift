import AppAssembly
import DIContainer
import Foundation
import Presentation

/// Case 9: the reference app as users copy it — `AppAssembly` registers every layer and
/// `PresenterFactory` resolves the main presenter.
extension OurCases {
    /// The app cases: a cold start (a fresh container, assembled, then the main presenter, which
    /// builds its singletons, the file cache among them) and the steady state (the main presenter
    /// from a container that is already assembled and warm), in the `mockServer` context the demo
    /// runs in against its fixtures (outside it the transport would be a `URLSession`'s).
    ///
    /// - Throws: When the app cannot be assembled or its main presenter cannot be resolved.
    static func appCases() throws -> [BenchmarkCase] {
        let configuration = AppConfiguration(
            backend: .fixtures(directory: FileManager.default.temporaryDirectory),
            cacheDirectory: FileManager.default.temporaryDirectory
                .appendingPathComponent("dicontainer-benchmarks-cache", isDirectory: true))
        let contexts = Container.activeContexts.union([.mockServer])
        let warm = Container()
        AppAssembly(configuration: configuration).assemble(into: warm)
        let factory = PresenterFactory(container: warm)
        try Container.withContexts(contexts) {
            try warm.validate()
            _ = try factory.makeMainPresenter()
        }

        return [
            .single(.appAssembly) { n in
                try Container.withContexts(contexts) {
                    try repeatOperation(n) {
                        let container = Container()
                        AppAssembly(configuration: configuration).assemble(into: container)
                        return try PresenterFactory(container: container).makeMainPresenter()
                    }
                }
            },
            .single(.appPresenter) { n in
                try Container.withContexts(contexts) { try repeatOperation(n) { try factory.makeMainPresenter() } }
            },
        ]
    }
}
