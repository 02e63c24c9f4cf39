import DIContainer
import Testing

@Suite("Name")
struct NameTests {
    @Test("a string literal and the initializer make equal names")
    func literalEqualsInitializer() {
        let literal: Name = "local"
        #expect(literal == Name("local"))
        #expect(literal == .local)
        #expect(literal != .background)
        #expect(literal.description == "local")
    }
}
