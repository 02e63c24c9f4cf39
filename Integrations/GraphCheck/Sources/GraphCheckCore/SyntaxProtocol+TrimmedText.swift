import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text without the trivia before its first token and after its last: what
    /// `trimmedDescription` returns, read from the parsed text instead of from a copy of the
    /// node with its trivia removed (that copy allocates a new tree for each call).
    var trimmedText: String {
        // A node with a missing or unexpected token keeps swift-syntax's own rules for where
        // its trivia is.
        if hasError { return trimmedDescription }
        // A name alone (`S1`, `Container`) is its token's text.
        if let token = self.as(TokenSyntax.self) { return token.text }
        if let reference = self.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil { return reference.baseName.text }
        if let type = self.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil { return type.name.text }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start <= end else { return trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
