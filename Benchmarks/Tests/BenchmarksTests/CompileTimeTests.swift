import Testing

@testable import Benchmarks

@Suite("Compile-time benchmark: generated assemblies, options and report")
struct CompileTimeTests {
    @Test("Every service after the four leaves depends on 2 or 3 distinct earlier services")
    func dependencyShape() {
        for index in 0..<1_200 {
            let dependencies = AssemblyGenerator.dependencies(of: index)
            if index < 4 {
                #expect(dependencies.isEmpty)
            } else {
                #expect((2...3).contains(dependencies.count))
                #expect(Set(dependencies).count == dependencies.count)
                #expect(dependencies.allSatisfy { $0 < index })
            }
        }
    }

    @Test("Each variant registers in its own style")
    func registrationStyles() {
        let generator = AssemblyGenerator(services: 6)
        let closures = generator.assemblySource(.oursClosures)
        #expect(closures.contains("import DIContainer"))
        #expect(closures.contains("func assemble(into container: Container) {"))
        #expect(closures.contains("container.register((any Service0).self) { _ in LiveService0() }"))
        #expect(closures.contains("service4: try r.resolve((any Service4).self),"))

        let autowiring = generator.assemblySource(.oursAutowiring)
        #expect(autowiring.contains("container.register((any Service5).self, initializer: LiveService5.init)"))
        #expect(!autowiring.contains("{ r in"))

        let mixed = generator.assemblySource(.oursMixed)
        #expect(mixed.contains("container.register((any Service5).self, initializer: LiveService5.init)"))
        #expect(mixed.contains("container.register((any Service4).self) { r in"))

        let swinject = generator.assemblySource(.swinjectClosures)
        #expect(swinject.contains("import Swinject"))
        #expect(swinject.contains("func assemble(container: Container) {"))
        #expect(swinject.contains("service4: r.resolve((any Service4).self)!,"))
    }

    @Test("Services are protocols with a live class taking their dependencies")
    func services() {
        let source = AssemblyGenerator(services: 5).servicesSource()
        #expect(source.contains("protocol Service4: AnyObject, Sendable {}"))
        #expect(source.contains("init(service3: any Service3, service2: any Service2, service1: any Service1) {"))
    }

    @Test("Options default to both sizes and both configurations, and can be narrowed")
    func options() throws {
        let defaults = try CompileTimeBenchmark.Options([])
        #expect(defaults.services == [300, 1_200])
        #expect(defaults.configurations == [.debug, .release])
        #expect(defaults.repetitions == 3)
        #expect(defaults.typeCheck)

        let narrowed = try CompileTimeBenchmark.Options(
            ["--services", "1200", "--configurations", "release", "--repetitions", "1", "--no-type-check"])
        #expect(narrowed.services == [1_200])
        #expect(narrowed.configurations == [.release])
        #expect(narrowed.repetitions == 1)
        #expect(!narrowed.typeCheck)

        #expect(throws: BenchmarkError.self) { _ = try CompileTimeBenchmark.Options(["--configurations", "fast"]) }
        #expect(throws: BenchmarkError.self) { _ = try CompileTimeBenchmark.Options(["--services", "0"]) }
    }

    @Test("Type-check times are read for the assembly file only")
    func typeCheckTimes() throws {
        let output = """
            [4/4] Compiling OursClosures300 Assembly.swift
            3.50ms\t/x/OursClosures300/Services.swift:4:5\tinitializer init(service3:)
            421.35ms\t/x/OursClosures300/Assembly.swift:6:10\tinstance method OursClosures300.(file).GeneratedAssembly.assemble(into:)@/x/OursClosures300/Assembly.swift:6:10
            0.10ms\t/x/OursClosures300/Assembly.swift:3:8\tgetter description
            """
        let times = TypeCheckTimes(compilerOutput: output, file: "/x/OursClosures300/Assembly.swift")
        let slowest = try #require(times.slowest)
        #expect(slowest.milliseconds == 421.35)
        #expect(slowest.function == "GeneratedAssembly.assemble(into:)")
        #expect(abs(times.totalMilliseconds - 421.45) < 0.001)
    }

    @Test("The report compares each of ours with Swinject and checks the 1,200-service targets on CPU time")
    func report() {
        var results = CompileTimeResults()
        func set(
            _ configuration: CompileTimeBenchmark.BuildConfiguration, _ variant: AssemblyVariant, wall: Double,
            cpu: Double
        ) {
            let key = CompileTimeResults.RebuildKey(services: 1_200, configuration: configuration, variant: variant)
            results.rebuilds[key] = Figure(samples: [wall])
            results.cpuTimes[key] = Figure(samples: [cpu])
        }
        // Wall times as a loaded machine gives them: ours waited for a core, Swinject did not.
        set(.release, .oursClosures, wall: 20, cpu: 7)
        set(.release, .oursAutowiring, wall: 70, cpu: 70)
        set(.release, .oursMixed, wall: 30, cpu: 30)
        set(.release, .swinjectClosures, wall: 5, cpu: 5)
        let text = results.markdown()
        #expect(
            text.contains(
                "| 1,200 | release | 20.0 (20.0–20.0) | 70.0 (70.0–70.0) | 30.0 (30.0–30.0) | 5.00 (5.00–5.00) | 4.00× | 14.0× | 6.00× |"))
        #expect(
            text.contains(
                "| 1,200 | release | 7.00 (7.00–7.00) | 70.0 (70.0–70.0) | 30.0 (30.0–30.0) | 5.00 (5.00–5.00) | 1.40× | 14.0× | 6.00× |"))
        #expect(text.contains("- ❌ release rebuild of 1,200 services, closures, within 1.2× of Swinject's (CPU time): 1.40×"))
        #expect(text.contains("- ❌ release rebuild of 1,200 services, auto-wiring, within 1.2× of Swinject's (CPU time): 14.0×"))
        #expect(text.contains("- ⚠️ debug rebuild of 1,200 services, closures, no slower than Swinject's (CPU time): not measured"))
    }
}
