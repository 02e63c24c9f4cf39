import Foundation

/// The one-line description of the machine and build a run happened on.
enum Machine {
    /// Cores, memory, CPU model, OS, compiler and build configuration, as one markdown line.
    ///
    /// - Parameter plan: The measurement plan, stated so a reader knows how figures were taken.
    /// - Returns: A line such as `Machine: 2 cores (2 active), 24.0 GiB, …`.
    static func line(plan: Plan) -> String {
        line(
            method: "\(plan.repetitions) repetitions of ≥ \(plan.batchNanoseconds / 1_000_000) ms per case, one process"
                + " (memory: separate processes)")
    }

    /// Cores, memory, CPU model, OS and compiler, then how the figures were taken.
    ///
    /// - Parameters:
    ///   - method: How the figures were taken, in a few words.
    ///   - statesBuild: Whether to say how this executable was built (not for figures that do not
    ///     depend on it, such as compile times).
    /// - Returns: A line such as `Machine: 2 cores (2 active), 24.0 GiB, …`.
    static func line(method: String, statesBuild: Bool = true) -> String {
        let info = ProcessInfo.processInfo
        let gibibytes = Double(info.physicalMemory) / 1_073_741_824
        let parts = [
            "\(info.processorCount) cores (\(info.activeProcessorCount) active)",
            String(format: "%.1f GiB", gibibytes),
            cpuModel(),
            info.operatingSystemVersionString,
            "compiled with Swift \(compilerVersion)",
            statesBuild ? configuration : nil,
            method,
        ]
        return "Machine: " + parts.compactMap { $0 }.joined(separator: ", ")
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static var compilerVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "older than 6.2"
        #endif
    }

    private static var configuration: String {
        #if DEBUG
        "DEBUG build (figures are meaningless: use -c release)"
        #else
        "release build"
        #endif
    }
}
