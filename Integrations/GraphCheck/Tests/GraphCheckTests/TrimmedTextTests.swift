import SwiftParser
import SwiftSyntax
import Testing

@testable import GraphCheckCore

/// The checker reads a node's text with `trimmedText`, sliced from the parsed source; it must be
/// the text swift-syntax's `trimmedDescription` gives, or type and name texts would differ.
@Suite("Trimmed text")
struct TrimmedTextTests {
    /// Every node of a tree, tokens included.
    private final class Nodes: SyntaxAnyVisitor {
        var all: [Syntax] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            all.append(node)
            return .visitChildren
        }
    }

    private func nodes(of text: String) -> [Syntax] {
        let nodes = Nodes()
        nodes.walk(Parser.parse(source: text))
        return nodes.all
    }

    @Test("every node of the fixture apps has the text trimmedDescription gives it")
    func fixtures() throws {
        var compared = 0
        for path in TestPaths.swiftFiles(under: TestPaths.fixtures) {
            for node in nodes(of: try String(contentsOfFile: path, encoding: .utf8)) {
                #expect(node.trimmedText == node.trimmedDescription, "\(path): \(node.kind)")
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    @Test("a node with comments around it, or with missing tokens, has the text trimmedDescription gives it")
    func triviaAndErrors() {
        let source = """
            /// A doc comment.
            let cache = r.resolve( /* inline */ CacheStore.self, name: "disk" )  // trailing
            let broken: = f(
            """
        for node in nodes(of: source) {
            #expect(node.trimmedText == node.trimmedDescription, "\(node.kind)")
        }
    }
}
