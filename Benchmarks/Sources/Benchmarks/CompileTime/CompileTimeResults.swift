import Foundation

/// The figures of one `compile-time` run and their markdown report: rebuild times, type-check
/// times and the compile-time targets.
struct CompileTimeResults: Sendable {
    /// Which rebuild a figure is for.
    struct RebuildKey: Hashable, Sendable {
        let services: Int
        let configuration: CompileTimeBenchmark.BuildConfiguration
        let variant: AssemblyVariant
    }

    /// Which type-check measurement a figure is for.
    struct TypeCheckKey: Hashable, Sendable {
        let services: Int
        let variant: AssemblyVariant
    }

    /// Rebuild wall times in seconds, after touching the assembly file.
    var rebuilds: [RebuildKey: Figure] = [:]
    /// CPU time (user + system, compiler processes included) of the same rebuilds, in seconds.
    var cpuTimes: [RebuildKey: Figure] = [:]
    /// Type-check times of the assembly file's functions (debug).
    var typeChecks: [TypeCheckKey: TypeCheckTimes] = [:]
    /// The machine's 1-minute load average when the run started and ended.
    var loadAverageAtStart: Double?
    var loadAverageAtEnd: Double?
    /// How many rebuilds each figure summarises.
    var repetitions = 3

    private var repetitionsNote: String {
        repetitions == 1 ? "1 rebuild" : "\(repetitions) rebuilds"
    }

    /// The report: the rebuild table, the type-check table, the targets and the machine line.
    func markdown() -> String {
        [rebuildTable(rebuilds, unit: "s"), rebuildTable(cpuTimes, unit: "CPU s"), typeCheckTable(), targets(), machine()]
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// One line per size and configuration: each variant's median (min–max), and each of ours
    /// divided by Swinject's.
    private func rebuildTable(_ figures: [RebuildKey: Figure], unit: String) -> String {
        let variants = AssemblyVariant.allCases
        let ours = variants.filter { !$0.isSwinject }
        var lines = [
            "| services | build | " + variants.map { "\($0.title), \(unit)" }.joined(separator: " | ") + " | "
                + ours.map { "\($0.title) ÷ Swinject" }.joined(separator: " | ") + " |",
            "|---:|---|" + String(repeating: "---:|", count: variants.count + ours.count),
        ]
        let keys = Set(figures.keys.map { RebuildKey(services: $0.services, configuration: $0.configuration, variant: .swinjectClosures) })
        for key in keys.sorted(by: { ($0.services, $0.configuration.rawValue) < ($1.services, $1.configuration.rawValue) }) {
            func figure(_ variant: AssemblyVariant) -> Figure? {
                figures[RebuildKey(services: key.services, configuration: key.configuration, variant: variant)]
            }
            let swinject = figure(.swinjectClosures)?.median
            let times = variants.map { variant in
                figure(variant).map { "\(seconds($0.median)) (\(seconds($0.min))–\(seconds($0.max)))" } ?? "—"
            }
            let ratios = ours.map { variant in
                guard let mine = figure(variant)?.median, let swinject, swinject > 0 else { return "—" }
                return Formatting.ratio(mine / swinject)
            }
            lines.append(
                "| \(Formatting.count(key.services)) | \(key.configuration.rawValue) | "
                    + (times + ratios).joined(separator: " | ") + " |")
        }
        return lines.count > 2 ? lines.joined(separator: "\n") : ""
    }

    /// Seconds with two decimals below 10 s, one above.
    private func seconds(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }

    private func typeCheckTable() -> String {
        guard !typeChecks.isEmpty else { return "" }
        var lines = [
            "| services | variant | slowest function body, ms | function | all function bodies of the assembly file, ms |",
            "|---:|---|---:|---|---:|",
        ]
        for key in typeChecks.keys.sorted(by: { ($0.services, $0.variant.rawValue) < ($1.services, $1.variant.rawValue) }) {
            guard let times = typeChecks[key] else { continue }
            lines.append(
                "| \(Formatting.count(key.services)) | \(key.variant.title) | "
                    + (times.slowest.map { String(format: "%.1f", $0.milliseconds) } ?? "—") + " | "
                    + (times.slowest.map { "`\($0.function)`" } ?? "—") + " | "
                    + String(format: "%.1f", times.totalMilliseconds) + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The compile-time targets of the engine and benchmark issues, on CPU time: on a shared
    /// machine, wall time also counts the time a build waits for a core while other work runs,
    /// which the round-robin order spreads over the variants only roughly (three rebuilds each),
    /// whereas CPU time counts the compiler's own work. Every variant builds with the same
    /// flags and parallelism, so CPU time compares them fairly.
    private func targets() -> String {
        let largest = 1_200
        func ratio(_ variant: AssemblyVariant, _ configuration: CompileTimeBenchmark.BuildConfiguration) -> Double? {
            guard let mine = cpuTimes[RebuildKey(services: largest, configuration: configuration, variant: variant)]?.median,
                let theirs = cpuTimes[
                    RebuildKey(
                        services: largest, configuration: configuration,
                        variant: .swinjectClosures)]?.median,
                theirs > 0
            else { return nil }
            return mine / theirs
        }
        let checks: [(String, Double?, Double)] = [
            ("release rebuild of 1,200 services, closures, within 1.2× of Swinject's (CPU time)", ratio(.oursClosures, .release), 1.2),
            ("release rebuild of 1,200 services, auto-wiring, within 1.2× of Swinject's (CPU time)", ratio(.oursAutowiring, .release), 1.2),
            ("debug rebuild of 1,200 services, closures, no slower than Swinject's (CPU time)", ratio(.oursClosures, .debug), 1),
            ("debug rebuild of 1,200 services, auto-wiring, no slower than Swinject's (CPU time)", ratio(.oursAutowiring, .debug), 1),
        ]
        return checks.map { text, value, limit in
            guard let value else { return "- ⚠️ \(text): not measured" }
            return "- \(value <= limit ? "✅" : "❌") \(text): \(Formatting.ratio(value))"
        }.joined(separator: "\n")
    }

    private func machine() -> String {
        let load = [loadAverageAtStart, loadAverageAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        return Machine.line(
            method: "`swift build` wall time (first table) and CPU time, compiler processes "
                + "included (second table), of one target after touching its assembly file, median (min–max) of "
                + "\(repetitionsNote); 1-minute load average \(load[0]) at the start, \(load[1]) at the end",
            statesBuild: false)
    }
}
