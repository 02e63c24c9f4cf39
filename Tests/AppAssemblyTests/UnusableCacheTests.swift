import DIContainer
import DIContainerTestSupport
import DIContainerTesting
import DIDemoAppAssembly
import DIDemoInfrastructure
import DIDemoPresentation
import DIDemoScheduling
import Foundation
import Testing

/// Caching is best effort: an assembled app whose cache folder cannot be used runs without a
/// cache instead of failing to resolve.
@Suite("The assembled app without a usable cache folder", .addingContexts([.mockServer]))
@MainActor  // the views are main-actor: updates reach them there
struct UnusableCacheTests {
    @Test("a file in the way of the cache folder gives an unavailable cache; the app validates and shows the network screen")
    func fileInTheWay() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("not a folder", to: "cache")
        let container = TestApp.container(cache: root.url.appendingPathComponent("cache"))
        container.register((any Scheduler).self, instance: ImmediateScheduler(label: "immediate")).replacing()

        try container.validate()
        let cache = try #require(try container.resolve((any CacheStore).self) as? UnavailableCacheStore)
        #expect(cache.warning.contains("a file is in the way"))

        for expected: [ScreenSource] in [[.network], [.network]] {
            let view = RecordingMainView()
            let presenter = try PresenterFactory(container: container).makeMainPresenter()
            presenter.attach(view)
            await presenter.load()
            #expect(view.screens.map(\.1) == expected)
            #expect(!view.events.contains { if case .error = $0 { true } else { false } })
        }
    }
}
