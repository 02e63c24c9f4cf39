/// A command line the demo cannot run: says what is wrong, in one sentence.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
