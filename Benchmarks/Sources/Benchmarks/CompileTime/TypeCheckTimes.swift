/// The type-check times of one file's function bodies, read from the compiler's
/// `-debug-time-function-bodies` output (lines such as
/// `421.35ms\t/path/Assembly.swift:5:10\tinstance method assemble(into:)`).
struct TypeCheckTimes: Sendable {
    /// The slowest function body of the file: milliseconds and the compiler's description.
    let slowest: (milliseconds: Double, function: String)?
    /// The sum over every function body of the file, in milliseconds.
    let totalMilliseconds: Double

    /// Reads the lines of `compilerOutput` that belong to `file`.
    ///
    /// - Parameters:
    ///   - compilerOutput: Everything the build printed.
    ///   - file: The absolute path of the source file whose functions count.
    init(compilerOutput: String, file: String) {
        var slowest: (milliseconds: Double, function: String)?
        var total = 0.0
        var seen = Set<Substring>()
        for line in compilerOutput.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].hasSuffix("ms"), fields[1].hasPrefix(file + ":"),
                let milliseconds = Double(fields[0].dropLast(2)),
                seen.insert(line).inserted
            else { continue }
            total += milliseconds
            if milliseconds > (slowest?.milliseconds ?? -1) {
                slowest = (milliseconds, Self.shortName(fields[2]))
            }
        }
        self.slowest = slowest
        totalMilliseconds = total
    }

    /// `instance method M.(file).GeneratedAssembly.assemble(into:)@/path:6:10` becomes
    /// `GeneratedAssembly.assemble(into:)`.
    private static func shortName(_ description: Substring) -> String {
        var name = description.split(separator: "@", maxSplits: 1).first ?? description
        if let range = name.range(of: ".(file).") { name = name[range.upperBound...] }
        return String(name)
    }
}
