import Foundation
import PackagePlugin

/// Runs `graphcheck` while the app builds, on the composition root: a target one of whose files
/// says `// graphcheck: root`. It checks that target's sources with those of every source module
/// it depends on, and a missing, misspelled, cyclic or captive registration fails the build with
/// an error at its line. On other targets it does nothing, so it can be added to every target.
@main
struct GraphCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget, module.kind != .test else { return [] }
        let own = Self.swiftFiles(of: module)
        guard own.contains(where: Self.isRootMarked) else { return [] }
        let modules = checkedModules(root: module, package: context.package)
        var arguments: [String] = []
        var inputs: [URL] = []
        for dependency in modules {
            let files = Self.swiftFiles(of: dependency)
            guard !files.isEmpty else { continue }
            arguments += ["--module", dependency.name] + files.map(\.path)
            inputs += files
        }
        // The command's product: a Swift file without code, compiled into the target, so the
        // build runs the check before compiling the target whenever a source changes.
        let output = context.pluginWorkDirectoryURL.appending(path: "GraphCheck.swift")
        return [
            .buildCommand(
                displayName: "Checking the container's registrations in \(target.name)",
                executable: try context.tool(named: "graphcheck").url,
                arguments: ["--output", output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The Swift files of a module.
    static func swiftFiles(of module: SourceModuleTarget) -> [URL] {
        module.sourceFiles(withSuffix: "swift").map(\.url)
    }

    /// Whether a file says `// graphcheck: root`.
    static func isRootMarked(_ file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return text.contains("graphcheck: root")
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

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (Build Phases → Run Build Tool Plug-ins): the same check on an app
/// target one of whose files says `// graphcheck: root`, over the target's Swift files (an
/// Xcode app target holds its own sources; the packages it uses are checked with
/// `swift package check-graph` in their own folder, or mark them provided).
extension GraphCheckPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
        guard files.contains(where: Self.isRootMarked) else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "GraphCheck.swift")
        return [
            .buildCommand(
                displayName: "Checking the container's registrations in \(target.displayName)",
                executable: try context.tool(named: "graphcheck").url,
                arguments: ["--output", output.path, "--module", target.displayName] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
#endif
