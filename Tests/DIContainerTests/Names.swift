import DIContainer

/// The names these tests register under. The container ships no names; like an app, the tests
/// declare their own.
extension Name {
    static let local: Name = "local"
    static let background: Name = "background"
}
