import Foundation
import SwiftParser
import SwiftSyntax

/// One Swift source file the checker was given, with the module it belongs to.
struct SourceFile: Sendable {
    let path: String
    let module: String
    let text: String

    /// Whether the file mentions the container's API or declares something the checker reads
    /// (a `Name`, `Scope` or `Lifetime` constant, a marker): only those are parsed first.
    var mentionsContainer: Bool {
        ["register", "resolve", ".apply(", "extension Name", "extension Scope", "extension Lifetime", "graphcheck:"].contains {
            text.contains($0)
        }
    }

    /// The names after `struct`, `class`, `actor`, `enum` and `extension` in the text: the types
    /// the file may declare, for finding an auto-wired initializer's declaration without parsing.
    var declaredTypeNames: Set<String> {
        var names: Set<String> = []
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        for (index, word) in words.enumerated().dropLast()
        where word == "struct" || word == "class" || word == "actor" || word == "enum" || word == "extension" {
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            names.insert(String(name.split(separator: ".").last ?? name))
        }
        return names
    }

    /// The module of a file at `path`: the folder under `Sources/` (SwiftPM's layout), else the
    /// folder that holds it.
    static func module(ofPath path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        if let sources = parts.lastIndex(of: "Sources"), sources + 2 < parts.count { return parts[sources + 1] }
        return parts.count >= 2 ? parts[parts.count - 2] : "main"
    }
}

/// A parsed source file, with what locating and markers need, and what it declares and calls.
final class ParsedFile: Sendable {
    let source: SourceFile
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    /// Lines (from 1) that carry `// graphcheck: provided` or `// graphcheck: ignore`.
    let providedLines: Set<Int>
    let ignoredLines: Set<Int>
    /// Keys declared provided by a binary module: `// graphcheck: provided Logger`,
    /// `// graphcheck: provided CacheStore name: disk`.
    let providedKeys: [(type: String, name: String?)]
    /// Whether the file marks its module as the composition root: `// graphcheck: root`.
    let isRoot: Bool
    /// The constants, types and functions it declares.
    let declarations: FileDeclarations
    /// The registrations, resolves and other calls it makes.
    let calls: FileCalls

    /// Parses `source` and reads it; `modules` are the modules whose names qualify types.
    init(_ source: SourceFile, modules: Set<String>) {
        self.source = source
        tree = Parser.parse(source: source.text)
        converter = SourceLocationConverter(fileName: source.path, tree: tree)
        declarations = FileDeclarations(tree, text: source.text, modules: modules)
        calls = FileCalls(tree)
        var provided: Set<Int> = []
        var ignored: Set<Int> = []
        var keys: [(String, String?)] = []
        var isRoot = false
        let lines = source.text.contains("graphcheck:") ? source.text.split(separator: "\n", omittingEmptySubsequences: false) : []
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "graphcheck:") else { continue }
            let rest = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("provided") {
                let key = rest.dropFirst("provided".count).trimmingCharacters(in: .whitespaces)
                if key.isEmpty {
                    provided.insert(index + 1)
                } else if let nameRange = key.range(of: " name:") {
                    let name = key[nameRange.upperBound...].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\""))
                    keys.append((String(key[..<nameRange.lowerBound]), name))
                } else {
                    keys.append((key, nil))
                }
            } else if rest.hasPrefix("ignore") {
                ignored.insert(index + 1)
            } else if rest.hasPrefix("root") {
                isRoot = true
            }
        }
        (providedLines, ignoredLines, providedKeys, self.isRoot) = (provided, ignored, keys, isRoot)
    }

    /// Where `node` starts.
    func place(of node: some SyntaxProtocol) -> SourcePlace {
        let location = node.startLocation(converter: converter)
        return SourcePlace(path: source.path, line: location.line, column: location.column)
    }

    /// A stable identity for `node`.
    func identity(of node: some SyntaxProtocol) -> SyntaxIdentifierText {
        SyntaxIdentifierText(file: source.path, offset: node.position.utf8Offset)
    }

    /// Whether a marker on `line`, or on the line before it, applies.
    func marks(_ lines: Set<Int>, _ line: Int) -> Bool {
        lines.contains(line) || lines.contains(line - 1)
    }
}
