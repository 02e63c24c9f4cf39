/// Random app graphs written as Swift source, for comparing the checker with `validate()`:
/// services with names, lifetimes, factory closures and auto-wired initializers, `Lazy` and
/// `Provider` edges, runtime arguments, and a few seeded defects of each kind the checker
/// claims. Each graph is one file: top-level service types prefixed `G<n>`, and
/// `enum G<n> { static func assemble(into:) }`.
struct GraphGenerator {
    /// A defect seeded in a graph.
    enum Defect: String, CaseIterable {
        case missing
        case misspelled
        case cycle
        case captive
        case duplicate
        case argumentMismatch
        /// A missing service asked for through `Lazy` or `Provider`.
        case missingHandle
        /// A missing service asked for in a branch: the checker warns, `validate()` reports it
        /// when its dry run takes the branch.
        case missingInBranch
    }

    private struct Service {
        let name: String
        var registeredName: String?
        var lifetime: String  // "transient", "graph", "singleton", "scoped(\"session\")", "scoped(Scope(\"flow\"))"
        var scope: String?
        var dependencies: [(index: Int, wrapper: String)] = []  // wrapper: "", "Lazy", "Provider"
        var argument = false
        var autoWired = false
    }

    private var random: SplitMix64
    let id: Int

    init(id: Int, seed: UInt64) {
        self.id = id
        random = SplitMix64(seed: seed &+ UInt64(id) &* 0x9E37_79B9)
    }

    /// The graph's source and the defects seeded in it.
    mutating func generate() -> (source: String, defects: [Defect]) {
        let prefix = "G\(id)"
        var services: [Service] = []
        let count = Int.random(in: 6...14, using: &random)
        let names = ["local", "remote", "disk"]
        for index in 0..<count {
            let lifetimes = ["transient", "transient", "graph", "singleton", "scoped(\"session\")", "scoped(Scope(\"flow\"))"]
            let lifetime = lifetimes.randomElement(using: &random) ?? "transient"
            let scope = lifetime.contains("session") ? "session" : lifetime.contains("flow") ? "flow" : nil
            var service = Service(name: "\(prefix)S\(index)", lifetime: lifetime, scope: scope)
            if Int.random(in: 0..<4, using: &random) == 0 { service.registeredName = names.randomElement(using: &random) }
            service.argument = Int.random(in: 0..<8, using: &random) == 0
            // Dependencies on earlier services: a DAG, with no captive edge.
            for dependency in 0..<index where Int.random(in: 0..<4, using: &random) == 0 {
                if services[dependency].argument { continue }
                let wrapper = ["", "", "", "Lazy", "Provider"].randomElement(using: &random) ?? ""
                if wrapper.isEmpty, !Self.mayKeep(service, services[dependency], services) { continue }
                service.dependencies.append((dependency, wrapper))
            }
            service.autoWired =
                !service.argument && Bool.random(using: &random)
                && service.dependencies.allSatisfy { services[$0.index].registeredName == nil }
            services.append(service)
        }
        var lines: [String] = []
        var types: [String] = []
        var extra: [String] = []
        for service in services { types.append(typeDeclaration(service, services)) }
        for service in services { lines.append(registration(service, services)) }
        // A top-level service that resolves an argument-taking one correctly, and the others.
        var defects: [Defect] = []
        let defectCount = Int.random(in: 0...3, using: &random)
        for number in 0..<defectCount {
            guard let defect = Defect.allCases.randomElement(using: &random) else { continue }
            let tag = "\(prefix)D\(number)"
            switch defect {
            case .missing:
                types.append("final class \(tag)Missing: Sendable {}")
                types.append("final class \(tag): Sendable { init(_ a: \(tag)Missing) {} }")
                lines.append(
                    Bool.random(using: &random)
                        ? "container.register(\(tag).self, initializer: \(tag).init)"
                        : "container.register(\(tag).self) { r in \(tag)(try r.resolve(\(tag)Missing.self)) }")
            case .misspelled:
                guard let target = services.filter({ $0.registeredName != nil && !$0.argument }).randomElement(using: &random),
                    let name = target.registeredName
                else { continue }
                types.append("final class \(tag): Sendable { init(_ a: \(target.name)) {} }")
                lines.append("container.register(\(tag).self) { r in \(tag)(try r.resolve(\(target.name).self, name: \"\(name)x\")) }")
            case .cycle:
                types.append("final class \(tag)A: Sendable { init(_ b: \(tag)B) {} }")
                types.append("final class \(tag)B: Sendable { init(_ a: \(tag)A) {} }")
                lines.append("container.register(\(tag)A.self) { r in \(tag)A(try r.resolve(\(tag)B.self)) }")
                lines.append(
                    Bool.random(using: &random)
                        ? "container.register(\(tag)B.self, initializer: \(tag)B.init)"
                        : "container.register(\(tag)B.self, lifetime: .graph) { r in \(tag)B(try r.resolve(\(tag)A.self)) }")
            case .captive:
                guard let target = services.filter({ $0.scope != nil && !$0.argument }).randomElement(using: &random) else { continue }
                let ask = target.registeredName.map { ", name: \"\($0)\"" } ?? ""
                types.append("final class \(tag): Sendable { init(_ a: \(target.name)) {} }")
                lines.append(
                    "container.register(\(tag).self, lifetime: .singleton) { r in \(tag)(try r.resolve(\(target.name).self\(ask))) }")
            case .duplicate:
                guard let target = services.filter({ !$0.argument }).randomElement(using: &random) else { continue }
                lines.append(registration(target, services))
            case .missingHandle:
                let handle = Bool.random(using: &random) ? "Lazy" : "Provider"
                types.append("final class \(tag)Missing: Sendable {}")
                types.append("final class \(tag): Sendable { init(_ a: \(handle)<\(tag)Missing>) {} }")
                lines.append("container.register(\(tag).self) { r in \(tag)(try r.resolve(\(handle)<\(tag)Missing>.self)) }")
            case .missingInBranch:
                types.append("final class \(tag)Missing: Sendable {}")
                types.append("final class \(tag): Sendable {}")
                types.append("let \(tag)Flag = \(Bool.random(using: &random))")
                lines.append(
                    "container.register(\(tag).self) { r in if \(tag)Flag { _ = try r.resolve(\(tag)Missing.self) }; return \(tag)() }")
            case .argumentMismatch:
                guard let target = services.filter(\.argument).randomElement(using: &random) else { continue }
                let ask = target.registeredName.map { ", name: \"\($0)\"" } ?? ""
                let arguments = Bool.random(using: &random) ? ", arguments: \"7\"" : ""
                types.append("final class \(tag): Sendable { init(_ a: \(target.name)) {} }")
                lines.append("container.register(\(tag).self) { r in \(tag)(try r.resolve(\(target.name).self\(ask)\(arguments))) }")
            }
            defects.append(defect)
        }
        // Registrations the checker cannot read, which must never become errors.
        if Int.random(in: 0..<3, using: &random) == 0 {
            types.append("final class \(prefix)Loop: Sendable {}")
            extra.append("for name in [\"a\", \"b\"] { container.register(\(prefix)Loop.self, name: Name(name)) { _ in \(prefix)Loop() } }")
        }
        let body = (lines + extra).map { "        " + $0 }.joined(separator: "\n")
        let source = """
            import DIContainer

            \(types.joined(separator: "\n"))

            enum \(prefix) {
                static func assemble(into container: Container) {
            \(body)
                }
            }

            """
        return (source, defects)
    }

    /// Whether `consumer` may depend on `dependency` without a captive dependency: what it
    /// keeps must not reach, through transient and graph services, a scoped one of another scope.
    private static func mayKeep(_ consumer: Service, _ dependency: Service, _ services: [Service]) -> Bool {
        let kept: String??
        switch consumer.lifetime {
        case "transient", "graph": return true
        case "singleton": kept = .some(nil)
        default: kept = .some(consumer.scope)
        }
        return captured(dependency, services).allSatisfy { kept == .some($0) }
    }

    /// The scopes a service's instance may capture: its own, or those its transient and graph
    /// dependencies reach.
    private static func captured(_ service: Service, _ services: [Service]) -> Set<String> {
        if let scope = service.scope { return [scope] }
        guard service.lifetime == "transient" || service.lifetime == "graph" else { return [] }
        var result: Set<String> = []
        for dependency in service.dependencies where dependency.wrapper.isEmpty {
            result.formUnion(captured(services[dependency.index], services))
        }
        return result
    }

    private func typeDeclaration(_ service: Service, _ services: [Service]) -> String {
        var parameters = service.argument ? ["_ id: Int"] : []
        for (offset, dependency) in service.dependencies.enumerated() {
            let type = services[dependency.index].name
            parameters.append("_ d\(offset): " + (dependency.wrapper.isEmpty ? type : "\(dependency.wrapper)<\(type)>"))
        }
        return """
            final class \(service.name): Sendable {
                init(\(parameters.joined(separator: ", "))) {}
            }
            """
    }

    private func registration(_ service: Service, _ services: [Service]) -> String {
        let name = service.registeredName.map { ", name: \"\($0)\"" } ?? ""
        let lifetime = service.lifetime == "transient" ? "" : ", lifetime: .\(service.lifetime)"
        if service.autoWired {
            return "container.register(\(service.name).self\(name)\(lifetime), initializer: \(service.name).init)"
        }
        var arguments = service.argument ? ["id"] : []
        for dependency in service.dependencies {
            let target = services[dependency.index]
            let ask = target.registeredName.map { ", name: \"\($0)\"" } ?? ""
            let type = dependency.wrapper.isEmpty ? target.name : "\(dependency.wrapper)<\(target.name)>"
            arguments.append("try r.resolve(\(type).self\(ask))")
        }
        let parameters = service.argument ? "(r, id: Int)" : "r"
        return
            "container.register(\(service.name).self\(name)\(lifetime)) { \(parameters) in \(service.name)(\(arguments.joined(separator: ", "))) }"
    }
}

/// A seeded random number generator: the same graphs on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
