import DIDemoAppAssembly
import Foundation
import Testing

@Suite("AppConfiguration")
struct AppConfigurationTests {
    #if !canImport(Darwin)
    @Test("the default cache folder honours XDG_CACHE_HOME")
    func xdgCacheHome() {
        let folder = AppConfiguration.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/xdg/cache", "HOME": "/home/ana"])
        #expect(folder.path == "/xdg/cache/dicontainer-demo")
    }

    @Test("the default cache folder falls back to ~/.cache, ignoring a relative XDG_CACHE_HOME")
    func homeCache() {
        #expect(
            AppConfiguration.defaultCacheDirectory(environment: ["HOME": "/home/ana"]).path
                == "/home/ana/.cache/dicontainer-demo")
        #expect(
            AppConfiguration.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ana"]).path
                == "/home/ana/.cache/dicontainer-demo")
    }
    #endif

    @Test("the base URL is the server's, or the fixtures placeholder")
    func baseURL() throws {
        let cache = URL(fileURLWithPath: "/tmp/cache")
        let server = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(AppConfiguration(backend: .server(baseURL: server), cacheDirectory: cache).baseURL == server)
        #expect(
            AppConfiguration(backend: .fixtures(directory: cache), cacheDirectory: cache).baseURL
                == AppConfiguration.fixturesBaseURL)
    }
}
