import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text without the trivia before its first token and after its last: what
    /// `trimmedDescription` returns, read from the parsed text instead of from a copy of the
    /// node with its trivia removed (that copy allocates a new tree for each call).
    var trimmedText: String {
        // A node with a missing or unexpected token keeps swift-syntax's own rules for where
        // its trivia is.
        if hasError { return trimmedDescription }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start <= end else { return trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
