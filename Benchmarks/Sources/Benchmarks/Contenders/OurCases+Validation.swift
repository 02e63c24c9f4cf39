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

/// One feature module's registrations, layered as the reference app is: 50 infrastructure
/// singletons (on at most one of the core module's), 50 repositories (singleton, `graph` or
/// transient, on one or two infrastructure services of their module or the core's), 50 use cases
/// (transient, on one to three repositories of their module or an earlier one) and 50 presenters
/// (transient or `graph`, on one or two use cases of their module). Module 0 is the core.
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

    static let layers = 4

    /// The modules of a graph of `services` services, the same on every call.
    static func all(services: Int, modules: Int) -> [ModuleAssembly] {
        var random = SplitMix64(seed: 45)
        let perLayer = services / modules / layers
        func name(_ module: Int, _ layer: Int, _ index: Int) -> Name { Name("module\(module).layer\(layer).service\(index)") }
        func pick(_ count: Int, from candidates: [Name]) -> [Name] {
            var chosen: [Name] = []
            while chosen.count < min(count, candidates.count) {
                let candidate = candidates[Int(random.next() % UInt64(candidates.count))]
                if !chosen.contains(candidate) { chosen.append(candidate) }
            }
            return chosen
        }
        func lifetime(_ choices: [Lifetime]) -> Lifetime { choices[Int(random.next() % UInt64(choices.count))] }
        return (0..<modules).map { module in
            var services: [Service] = []
            for layer in 0..<layers {
                for index in 0..<perLayer {
                    let below = (0..<perLayer).map { name(module, layer - 1, $0) }
                    let (choices, count, candidates): ([Lifetime], Int, [Name])
                    switch layer {
                    case 0:
                        (choices, count, candidates) = (
                            [.singleton], module == 0 ? 0 : Int(random.next() % 2), (0..<perLayer).map { name(0, 0, $0) }
                        )
                    case 1:
                        (choices, count, candidates) = (
                            [.singleton, .graph, .transient], 1 + Int(random.next() % 2), below + (0..<perLayer).map { name(0, 0, $0) }
                        )
                    case 2:
                        let earlier = (0...module).flatMap { m in (0..<perLayer).map { name(m, 1, $0) } }
                        (choices, count, candidates) = ([.transient], 1 + Int(random.next() % 3), earlier)
                    default:
                        (choices, count, candidates) = ([.transient, .graph], 1 + Int(random.next() % 2), below)
                    }
                    services.append(
                        Service(name: name(module, layer, index), lifetime: lifetime(choices), dependencies: pick(count, from: candidates)))
                }
            }
            return ModuleAssembly(services: services)
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
