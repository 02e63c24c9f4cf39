import DIContainer

/// The reference app's registration names. The container ships none: an app declares its own,
/// in an extension, as string literals.
///
/// ```swift
/// let cached = try container.resolve((any CourseRepository).self, name: .local)
/// let background = try container.resolve((any Scheduler).self, name: .background)
/// ```
extension Name {
    /// Registrations backed by local storage (the cache) rather than the network.
    public static let local: Name = "local"
    /// Registrations that run off the main thread: the background scheduler.
    public static let background: Name = "background"
}
