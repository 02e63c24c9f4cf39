import Foundation

/// The `compile-time` subcommand: generates a throwaway package of big assemblies
/// (`AssemblyGenerator`) in `Benchmarks/.build-compile/`, builds it with `swift build`, and
/// measures how long a rebuild takes after touching the assembly file, and how long the type
/// checker spends on each function of it.
///
/// Each generated target holds its services and its assembly; touching the assembly rebuilds
/// that file in debug (incremental) and the whole module in release (whole-module optimisation),
/// as in an app. Rebuilds run round-robin over the variants, so a busy moment of a shared machine
/// spreads over all of them; the report gives the median and the range.
struct CompileTimeBenchmark {
    /// What to measure.
    struct Options: Sendable {
        /// Service counts; one set of targets each.
        var services = [300, 1_200]
        /// Build configurations whose rebuild time is measured.
        var configurations = [BuildConfiguration.debug, .release]
        /// Timed rebuilds per target and configuration.
        var repetitions = 3
        /// Whether to measure per-function type-check times (one debug rebuild per target).
        var typeCheck = true

        /// Parses `[--services N,…] [--configurations debug,release] [--repetitions N] [--no-type-check]`.
        ///
        /// - Throws: `BenchmarkError.usage` for an unknown option or value.
        init(_ arguments: [String]) throws {
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--services":
                    services = try Self.list(remaining.popFirst(), argument) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
                case "--configurations":
                    configurations = try Self.list(remaining.popFirst(), argument) { BuildConfiguration(rawValue: $0) }
                case "--repetitions":
                    guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                        throw BenchmarkError.usage("--repetitions needs a positive count")
                    }
                    repetitions = value
                case "--no-type-check":
                    typeCheck = false
                default:
                    throw BenchmarkError.usage("unknown compile-time argument \"\(argument)\"")
                }
            }
        }

        private static func list<T>(_ text: String?, _ option: String, _ parse: (String) -> T?) throws -> [T] {
            let items = (text ?? "").split(separator: ",").map(String.init)
            let parsed = items.compactMap(parse)
            guard !items.isEmpty, parsed.count == items.count else {
                throw BenchmarkError.usage("\(option) needs a comma-separated list, got \"\(text ?? "")\"")
            }
            return parsed
        }
    }

    /// A `swift build` configuration.
    enum BuildConfiguration: String, Sendable {
        case debug, release
    }

    let options: Options
    /// This repository's root (the `DIContainer` package the generated targets depend on).
    let packageRoot: URL
    /// Where the throwaway package is generated (`Benchmarks/.build-compile`).
    let workDirectory: URL

    /// A benchmark rooted at this source file's repository.
    init(options: Options) {
        self.options = options
        // This file is Benchmarks/Sources/Benchmarks/CompileTime/CompileTimeBenchmark.swift.
        let benchmarks = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        packageRoot = benchmarks.deletingLastPathComponent()
        workDirectory = benchmarks.appendingPathComponent(".build-compile", isDirectory: true)
    }

    /// Generates the package, runs every build and returns the figures.
    ///
    /// - Throws: `BenchmarkError.buildFailed` when a build fails, or a file cannot be written.
    func run() throws -> CompileTimeResults {
        try generate()
        var results = CompileTimeResults(loadAverageAtStart: Self.loadAverage(), repetitions: options.repetitions)
        for services in options.services {
            for configuration in options.configurations {
                try measureRebuilds(services: services, configuration: configuration, into: &results)
            }
            if options.typeCheck {
                try measureTypeCheck(services: services, into: &results)
            }
        }
        results.loadAverageAtEnd = Self.loadAverage()
        return results
    }

    private func generate() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try write(
            AssemblyGenerator.manifest(packageRoot: packageRoot.path, counts: options.services),
            to: workDirectory.appendingPathComponent("Package.swift"))
        for services in options.services {
            let generator = AssemblyGenerator(services: services)
            let servicesSource = generator.servicesSource()
            for variant in AssemblyVariant.allCases {
                let folder = sourceFolder(variant, services)
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try write(servicesSource, to: folder.appendingPathComponent("Services.swift"))
                try write(generator.assemblySource(variant), to: folder.appendingPathComponent("Assembly.swift"))
            }
        }
    }

    /// Writes `text` unless the file already holds it, so an unchanged file is not rebuilt.
    private func write(_ text: String, to file: URL) throws {
        if let existing = try? String(contentsOf: file, encoding: .utf8), existing == text { return }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func sourceFolder(_ variant: AssemblyVariant, _ services: Int) -> URL {
        workDirectory.appendingPathComponent("Sources", isDirectory: true)
            .appendingPathComponent(variant.targetName(services: services), isDirectory: true)
    }

    private func measureRebuilds(
        services: Int, configuration: BuildConfiguration, into results: inout CompileTimeResults
    ) throws {
        for variant in AssemblyVariant.allCases {
            progress("\(services) services, \(configuration.rawValue): first build of \(variant.rawValue) (untimed)")
            _ = try build(variant, services, configuration)
        }
        var wall: [AssemblyVariant: [Double]] = [:]
        var cpu: [AssemblyVariant: [Double]] = [:]
        for repetition in 1...options.repetitions {
            for variant in AssemblyVariant.allCases {
                try touchAssembly(variant, services)
                let build = try build(variant, services, configuration)
                progress(
                    "\(services) services, \(configuration.rawValue), rebuild \(repetition) of "
                        + "\(options.repetitions), \(variant.rawValue): "
                        + String(format: "%.2f s (CPU %.2f s)", build.seconds, build.cpuSeconds))
                wall[variant, default: []].append(build.seconds)
                cpu[variant, default: []].append(build.cpuSeconds)
            }
        }
        for variant in AssemblyVariant.allCases {
            let key = CompileTimeResults.RebuildKey(services: services, configuration: configuration, variant: variant)
            results.rebuilds[key] = wall[variant].flatMap(Figure.init(samples:))
            results.cpuTimes[key] = cpu[variant].flatMap(Figure.init(samples:))
        }
    }

    private func measureTypeCheck(services: Int, into results: inout CompileTimeResults) throws {
        for variant in AssemblyVariant.allCases {
            progress("\(services) services: type-check times of \(variant.rawValue) (debug)")
            try touchAssembly(variant, services)
            let log = try build(variant, services, .debug, typeCheckTimes: true).output
            let assembly = sourceFolder(variant, services).appendingPathComponent("Assembly.swift").path
            results.typeChecks[.init(services: services, variant: variant)] =
                TypeCheckTimes(compilerOutput: log, file: assembly)
        }
    }

    private func touchAssembly(_ variant: AssemblyVariant, _ services: Int) throws {
        let file = sourceFolder(variant, services).appendingPathComponent("Assembly.swift")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    }

    /// Builds one generated target and returns its wall time and CPU time (user + system of
    /// `swift build` and every process it waited for, the compiler's included) in seconds, and
    /// the build's output. CPU time moves less than wall time when other work shares the machine.
    private func build(
        _ variant: AssemblyVariant, _ services: Int, _ configuration: BuildConfiguration, typeCheckTimes: Bool = false
    ) throws -> (seconds: Double, cpuSeconds: Double, output: String) {
        let arguments = [
            "swift", "build", "-c", configuration.rawValue, "--package-path", workDirectory.path,
            "--target", variant.targetName(services: services),
        ]
        let logFile = workDirectory.appendingPathComponent("last-build.log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw BenchmarkError.buildFailed(command: arguments.joined(separator: " "), output: "cannot create \(logFile.path)")
        }
        let log = try FileHandle(forWritingTo: logFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[AssemblyGenerator.typeCheckVariable] = typeCheckTimes ? "1" : nil
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        let cpuBefore = Self.childrenCPUSeconds()
        let start = Harness.now()
        do {
            try process.run()
        } catch {
            throw BenchmarkError.buildFailed(command: arguments.joined(separator: " "), output: "\(error)")
        }
        process.waitUntilExit()
        let seconds = Double(Harness.now() - start) / 1e9
        let cpuSeconds = Self.childrenCPUSeconds() - cpuBefore
        try log.close()
        let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.buildFailed(
                command: arguments.joined(separator: " "), output: String(output.suffix(3_000)))
        }
        return (seconds, cpuSeconds, output)
    }

    /// User + system time of every terminated child process this process has waited for.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        let children = RUSAGE_CHILDREN.rawValue
        #else
        let children = RUSAGE_CHILDREN
        #endif
        guard getrusage(children, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The 1-minute load average, to show how busy the machine was.
    private static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    private func progress(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}
