import Foundation
import PackagePlugin

/// `swift package check-graph [--target App] [--strict]`: checks the container's registrations
/// of a composition root — each `--target` given, else every target marked `// graphcheck: root`,
/// else every executable target — over its sources and those of the source modules it depends
/// on. Findings print as `path:line:col: error: …`; an error fails the command.
@main
struct CheckGraph: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let strict = extractor.extractFlag(named: "strict") > 0
        let roots = try Self.roots(in: context.package, named: names)
        guard !roots.isEmpty else {
            Diagnostics.error("check-graph: no target to check; name one with --target, or mark one with // graphcheck: root")
            throw CheckFailed()
        }
        let tool = try context.tool(named: "graphcheck").url
        var failed: [String] = []
        for root in roots {
            var toolArguments = strict ? ["--strict"] : []
            let modules = checkedModules(root: root, package: context.package)
            for module in modules {
                let files = module.sourceFiles(withSuffix: "swift").map(\.url.path)
                if !files.isEmpty { toolArguments += ["--module", module.name] + files }
            }
            print("check-graph: \(root.name) (\(modules.count) source modules)")
            let process = Process()
            process.executableURL = tool
            process.arguments = toolArguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(root.name) }
        }
        if !failed.isEmpty {
            Diagnostics.error("check-graph: the graph of \(failed.joined(separator: ", ")) has errors (above)")
            throw CheckFailed()
        }
    }

    /// The targets to check.
    static func roots(in package: Package, named names: [String]) throws -> [SourceModuleTarget] {
        let modules = package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind != .test }
        if !names.isEmpty {
            return try names.map { name in
                guard let module = modules.first(where: { $0.name == name }) else {
                    Diagnostics.error("check-graph: no source target named \(name)")
                    throw CheckFailed()
                }
                return module
            }
        }
        let marked = modules.filter { module in
            module.sourceFiles(withSuffix: "swift").contains { file in
                (try? String(contentsOf: file.url, encoding: .utf8))?.contains("graphcheck: root") == true
            }
        }
        return marked.isEmpty ? modules.filter { $0.kind == .executable } : marked
    }

    /// The command failed; the reason was reported through `Diagnostics`.
    struct CheckFailed: Error, CustomStringConvertible {
        var description: String { "the graph check failed" }
    }
}

/// The modules checked with `root`: the root, the source modules of its own package it depends on,
/// and those of other packages that use the container (they depend on a `DIContainer` target) —
/// not the toolkit's own modules (`DIContainer…`), nor libraries that never register anything.
func checkedModules(root: SourceModuleTarget, package: Package) -> [SourceModuleTarget] {
    let own = Set(package.targets.map(\.id))
    let dependencies = root.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
    return [root]
        + dependencies.filter { module in
            guard !own.contains(module.id) else { return true }
            guard !module.name.hasPrefix("DIContainer") else { return false }
            return module.recursiveTargetDependencies.contains { $0.name == "DIContainer" }
        }
}
