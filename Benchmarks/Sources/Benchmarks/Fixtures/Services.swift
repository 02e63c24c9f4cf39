// The services every contender builds. They are small classes, like real services, so every
// case pays for real allocations; each contender builds exactly the same objects.

/// A service with no dependencies (cases "no deps").
protocol Logging: AnyObject, Sendable {}

/// The `Logging` implementation: no dependencies.
final class PrintLogger: Logging {
    init() {}
}

/// A service with one dependency (cases "one dep", "named", "10 vs 10,000 registrations").
protocol Greeting: AnyObject, Sendable {}

/// The `Greeting` implementation: depends on `Logging`.
final class Greeter: Greeting {
    let logger: any Logging

    init(logger: any Logging) {
        self.logger = logger
    }
}

/// A service built with one runtime argument and one dependency (case "runtime argument").
protocol Counting: AnyObject, Sendable {}

/// The `Counting` implementation: a dependency from the container plus a caller-supplied start.
final class Counter: Counting {
    let logger: any Logging
    let start: Int

    init(logger: any Logging, start: Int) {
        self.logger = logger
        self.start = start
    }
}

/// A service registered as a singleton and resolved after it exists (case "existing singleton").
protocol Settings: AnyObject, Sendable {}

/// The `Settings` implementation.
final class AppSettings: Settings {
    init() {}
}

/// A main-actor service with one nonisolated dependency (case "main actor"), as a view model of
/// an app built with default main-actor isolation is.
@MainActor
final class ProfileModel {
    let logger: any Logging

    init(logger: any Logging) {
        self.logger = logger
    }
}
