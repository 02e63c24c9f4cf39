import Foundation

/// The checker's entry point: reads the given Swift files as one app's sources and reports what
/// `Container.validate()` would, at the lines that cause it.
///
/// ```swift
/// let report = try GraphCheck.check(files: [.init(path: "Sources/App/AppAssembly.swift")])
/// for finding in report.findings { print(finding) }   // path:line:col: error: Cannot resolve …
/// ```
public enum GraphCheck {
    /// A file to check and the module it belongs to (from its path when `nil`).
    public struct Input: Sendable {
        public let path: String
        public let module: String?

        /// A file at `path`, in `module` (the folder under `Sources/` when `nil`).
        public init(path: String, module: String? = nil) {
            self.path = path
            self.module = module
        }
    }

    /// What a check found, and what it read.
    public struct Report: Sendable {
        /// Every finding, sorted by place.
        public let findings: [Finding]
        /// How many files were given, and how many it parsed.
        public let filesGiven: Int
        public let filesParsed: Int
        public let registrationCount: Int
        public let requirementCount: Int
        /// Whether a given file carries `// graphcheck: root`.
        public let hasRootMarker: Bool

        /// Whether an error was found.
        public var hasErrors: Bool { findings.contains { $0.severity == .error } }
    }

    /// Why a check could not run.
    public struct InputError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks files read from disk.
    ///
    /// - Parameters:
    ///   - files: The app's sources: the composition root's and its source dependencies'.
    ///   - strict: Whether what the checker cannot evaluate is an error instead of a warning.
    /// - Throws: `InputError` when a file cannot be read.
    public static func check(files: [Input], strict: Bool = false) throws -> Report {
        let sources = try files.map { input -> SourceFile in
            guard let data = FileManager.default.contents(atPath: input.path), let text = String(data: data, encoding: .utf8) else {
                throw InputError(description: "cannot read \(input.path)")
            }
            return SourceFile(path: input.path, module: input.module ?? SourceFile.module(ofPath: input.path), text: text)
        }
        return check(sources: sources, strict: strict)
    }

    /// Checks sources given as text: `(path, module, text)`.
    public static func check(texts: [(path: String, module: String, text: String)], strict: Bool = false) -> Report {
        check(sources: texts.map { SourceFile(path: $0.path, module: $0.module, text: $0.text) }, strict: strict)
    }

    static func check(sources: [SourceFile], strict: Bool) -> Report {
        let modules = Set(sources.map(\.module))
        // Parse what mentions the container and the files that declare the types it auto-wires:
        // both are found by text, so all of them are parsed side by side.
        let mentions = sources.concurrentMap { $0.mentionsContainer }
        let mentioning = zip(sources, mentions).filter { $0.1 }.map { $0.0 }
        let mentioningPaths = Set(mentioning.map(\.path))
        let wantedNames = Set(autoWiredTypes(in: mentioning).map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        let others = sources.filter { !mentioningPaths.contains($0.path) }
        let declaresWanted = others.concurrentMap { !$0.declaredTypeNames.isDisjoint(with: wantedNames) }
        let declaring = zip(others, declaresWanted).filter { $0.1 }.map { $0.0 }
        let parsed = (mentioning + declaring).concurrentMap { ParsedFile($0, modules: modules) }
        var index = DeclarationIndex()
        for file in parsed { index.read(file) }
        let allParsed = Set(parsed.map(\.source.path))
        for source in sources where !allParsed.contains(source.path) { index.scan(source, modules: modules) }

        var reader = GraphReader(files: parsed, index: index, modules: modules)
        reader.read()
        var checker = Checker(
            registrations: reader.registrations, requirements: reader.requirements,
            provided: parsed.flatMap(\.providedKeys).map { (TypeText.normalize($0.type, modules: modules), $0.name) },
            modules: Dictionary(sources.map { ($0.path, $0.module) }) { first, _ in first })
        checker.applications = reader.applications
        checker.check()
        let ignored = Dictionary(parsed.map { ($0.source.path, $0) }) { first, _ in first }
        var findings = checker.findings.filter { finding in
            guard let file = ignored[finding.place.path] else { return true }
            return !file.marks(file.ignoredLines, finding.place.line)
        }
        if strict {
            findings = findings.map { finding in
                var escalated = finding
                escalated.severity = .error
                return escalated
            }
        }
        return Report(
            findings: Array(Set(findings)).sorted(), filesGiven: sources.count, filesParsed: parsed.count,
            registrationCount: reader.registrations.count, requirementCount: reader.requirements.count,
            hasRootMarker: parsed.contains(where: \.isRoot))
    }

    /// The types named in `initializer: T.init` arguments, found by text before parsing.
    private static func autoWiredTypes(in files: [SourceFile]) -> Set<String> {
        var types: Set<String> = []
        for file in files {
            var rest = Substring(file.text)
            while let range = rest.range(of: ".init") {
                let before = rest[..<range.lowerBound]
                let name = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                let type = String(name.reversed()).trimmingCharacters(in: CharacterSet(charactersIn: "."))
                if let first = type.first, first.isUppercase { types.insert(type) }
                rest = rest[range.upperBound...]
            }
        }
        return types
    }
}
