/// The demo's exit statuses.
enum ExitStatus {
    /// Everything worked.
    static let success: Int32 = 0
    /// The command ran and failed: a network error, an invalid container, an unknown course.
    static let failure: Int32 = 1
    /// The command line was wrong: unknown command or option, missing or malformed value.
    static let usage: Int32 = 2
}
