import DIContainer

/// Case 7's modular graph: what an app of ten feature modules asks of validation at launch or in
/// its first test.
extension OurCases {
    /// Services in the modular graph, spread evenly over `modularGraphModules` assemblies.
    static let modularGraphServices = 2_000
    static let modularGraphModules = 10

    /// Registers the modular graph in a fresh container and runs its first `validateAsync()`:
    /// per whole run, registration included.
    static func modularValidationCase() -> BenchmarkCase {
        let assemblies = ModuleAssembly.all(services: modularGraphServices, modules: modularGraphModules)
        return BenchmarkCase(
            scenario: .modularValidation,
            run: .asyncBatch(operationsPerCall: 1) { n in
                for _ in 0..<n {
                    let container = Container()
                    container.apply(assemblies)
                    try await container.validateAsync()
                    blackHole(container)
                }
            })
    }
}

/// A service of the modular graph: what it was built from.
final class ModuleService: Sendable {
    let dependencies: [ModuleService]

    init(_ dependencies: [ModuleService]) {
        self.dependencies = dependencies
    }
}

/// One feature module's registrations: named services that depend on up to three of the 40
/// services registered before them, in this module or an earlier one, with transient,
/// `singleton` and `graph` lifetimes (the mix of `Integrations/GraphCheck/Scripts/generate-app.py`).
struct ModuleAssembly: Assembly {
    struct Service: Sendable {
        let name: Name
        let lifetime: Lifetime
        let dependencies: [Name]
    }

    let services: [Service]

    func assemble(into container: Container) {
        for service in services {
            let dependencies = service.dependencies
            container.register(ModuleService.self, name: service.name, lifetime: service.lifetime) { r in
                ModuleService(try dependencies.map { try r.resolve(ModuleService.self, name: $0) })
            }
        }
    }

    /// The modules of a graph of `services` services, the same on every call.
    static func all(services: Int, modules: Int) -> [ModuleAssembly] {
        var random = SplitMix64(seed: 45)
        let lifetimes: [Lifetime] = [.transient, .transient, .singleton, .graph]
        let names = (0..<services).map { Name("module\($0 * modules / services).service\($0)") }
        let perModule = services / modules
        return (0..<modules).map { module in
            ModuleAssembly(
                services: (module * perModule..<(module + 1) * perModule).map { index in
                    let earlier = Array(max(0, index - 40)..<index)
                    let count = min(earlier.count, Int(random.next() % 4))
                    var chosen: [Int] = []
                    while chosen.count < count {
                        let candidate = earlier[Int(random.next() % UInt64(earlier.count))]
                        if !chosen.contains(candidate) { chosen.append(candidate) }
                    }
                    return Service(
                        name: names[index], lifetime: lifetimes[Int(random.next() % 4)],
                        dependencies: chosen.map { names[$0] })
                })
        }
    }
}

/// A small deterministic generator (SplitMix64), so that every run builds the same graph.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
