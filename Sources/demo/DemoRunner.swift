import DIContainer
import DIContainerLocking
import DIDemoAppAssembly
import DIDemoInfrastructure
import DIDemoScheduling
import Foundation

/// Runs one demo command against `Container.shared`, assembled by `AppAssembly`.
struct DemoRunner {
    let options: DemoOptions

    /// Assembles the app and runs the command.
    ///
    /// - Returns: The exit status (see `ExitStatus`).
    func run() async -> Int32 {
        if options.command == .help {
            Console.out(DemoOptions.help)
            return ExitStatus.success
        }
        guard let configuration = configuration() else { return ExitStatus.failure }
        DemoAssembly(configuration: configuration, without: options.without).assemble(into: .shared)
        // Over the fixtures the app runs as if launched with --mock-server: the transport's
        // variant for that context answers (see InfrastructureAssembly).
        guard case .fixtures = configuration.backend, !Container.activeContexts.contains(.mockServer) else {
            return await run(configuration)
        }
        return await Container.withContexts(Container.activeContexts.union([.mockServer])) { await run(configuration) }
    }

    /// Runs the command against the assembled `Container.shared`.
    private func run(_ configuration: AppConfiguration) async -> Int32 {
        do {
            switch options.command {
            case .run:
                Console.out(banner(configuration))
                warnIfCacheUnavailable()
                try printCacheWork()
                return try await showMainScreen()
            case .detail(let courseID):
                warnIfCacheUnavailable()
                try printCacheWork()
                return try await showCourseDetail(courseID)
            case .validate:
                return validate()
            case .graph(let format):
                print(Container.shared.graph(format: format), terminator: "")
                printProblems()
                return ExitStatus.success
            case .registrations:
                listRegistrations()
                return ExitStatus.success
            case .session:
                return try await showSignOut()
            case .help:
                return ExitStatus.success  // printed above, before assembling anything
            }
        } catch {
            Console.error("demo: \(error)")
            return ExitStatus.failure
        }
    }

    private func configuration() -> AppConfiguration? {
        let backend: AppConfiguration.Backend
        if let baseURL = options.baseURL {
            backend = .server(baseURL: baseURL)
        } else if let fixtures = EmbeddedFixtures.directory() {
            backend = .fixtures(directory: fixtures)
        } else {
            Console.error("demo: the embedded fixtures are missing from the demo's resource bundle; rebuild it, or use --base-url")
            return nil
        }
        return AppConfiguration(
            backend: backend,
            cacheDirectory: options.cacheDirectory ?? AppConfiguration.defaultCacheDirectory(),
            latency: .milliseconds(options.latencyMilliseconds))
    }

    private func banner(_ configuration: AppConfiguration) -> String {
        let source: String
        switch configuration.backend {
        case .fixtures:
            let latency = options.latencyMilliseconds == 0 ? "" : ", \(options.latencyMilliseconds) ms latency"
            source = "embedded fixtures\(latency)"
        case .server(let baseURL):
            source = baseURL.redactedDescription
        }
        return
            "demo: data from \(source); cache in \(configuration.cacheDirectory.path); repositories run on [background], view updates arrive on the scheduler shown"
    }

    /// Says once, on standard error, that the cache folder cannot be used; the app then runs
    /// without a cache and still shows the network screen.
    private func warnIfCacheUnavailable() {
        if let cache = try? Container.shared.resolve((any CacheStore).self) as? UnavailableCacheStore {
            Console.error("demo: \(cache.warning)")
        }
    }

    /// Wraps the app's cache store in one that prints every read and write with the scheduler it
    /// ran on, so the background work shows (`[background] cache read …`).
    private func printCacheWork() throws {
        let store = try Container.shared.resolve((any CacheStore).self)
        // Without a usable cache there is no cache work to show (`warnIfCacheUnavailable` said so).
        guard !(store is UnavailableCacheStore) else { return }
        // Transient, so that each consumer gets a store that names it (who asked).
        let printedKinds = Locked(Set<String>())
        Container.shared.register((any CacheStore).self) { r in
            ConsoleCacheStore(store: store, consumer: r.requester?.description, printedKinds: printedKinds)
        }
    }

    /// Registers a `HeldScheduler` over the `.background` scheduler, for the screen to release
    /// once it shows its loading line: the cache work the loaders start prints after it.
    private func holdBackgroundWork() throws -> HeldScheduler {
        let background = try Container.shared.resolve((any Scheduler).self, name: .background)
        let held = HeldScheduler(base: background)
        Container.shared.register((any Scheduler).self, name: .background, instance: held)
        return held
    }

    /// Shows the main screen and waits for its last update (see `Demo`).
    private func showMainScreen() async throws -> Int32 {
        let background = try holdBackgroundWork()
        let presenter = try PresenterFactory().makeMainPresenter()
        let view = ConsoleMainView(whenLoading: background.release)
        presenter.attach(view)
        await presenter.load()
        await view.completion.wait()
        return await view.errors.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// Shows one course and waits for its last update.
    private func showCourseDetail(_ courseID: Int) async throws -> Int32 {
        let background = try holdBackgroundWork()
        let presenter = try PresenterFactory().makeCourseDetailPresenter(courseID: courseID)
        let view = ConsoleCourseDetailView(whenLoading: background.release)
        presenter.attach(view)
        await presenter.load()
        await view.completion.wait()
        return await view.errors.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    private func validate() -> Int32 {
        do {
            try Container.shared.validate()
            Console.out(
                "The container is valid: \(Container.shared.registrations.count) registrations, every dependency registered, no cycles.")
            return ExitStatus.success
        } catch {
            Console.error("\(error)")
            return ExitStatus.failure
        }
    }

    /// Lists the registrations with the dependencies a validation run observed; problems, if
    /// any, follow on standard error.
    private func listRegistrations() {
        let problems = validationProblems()
        let registrations = Container.shared.registrations
        Console.out("\(registrations.count) registrations:")
        for info in registrations {
            Console.out("  \(info)")
        }
        if let problems { Console.error("\(problems)") }
    }

    /// Prints the container's problems, if any, on standard error (after the graph, which is
    /// drawn from the registrations as they are).
    private func printProblems() {
        if let problems = validationProblems() { Console.error("\(problems)") }
    }

    /// The validation report of an incomplete container (`--without`), or `nil` when it is valid.
    ///
    /// `graph` and `registrations` only show the container: they print the report but exit 0,
    /// broken or not. `validate` is the command whose exit status says whether it is valid.
    private func validationProblems() -> (any Error)? {
        do {
            try Container.shared.validate()
            return nil
        } catch {
            return error
        }
    }
}
