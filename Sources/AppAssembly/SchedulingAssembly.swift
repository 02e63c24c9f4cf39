import DIContainer
import DIDemoScheduling

/// Registers the two schedulers: the main one unnamed, the background one under `.background`.
///
/// Presenters resolve the unnamed `any Scheduler` and deliver view updates on the main queue;
/// repositories resolve `.background` and do their blocking cache work off the main thread.
/// Both are singletons: one main scheduler, one serial background queue.
///
/// ```swift
/// let background = try container.resolve((any Scheduler).self, name: .background)
/// ```
public struct SchedulingAssembly: Assembly {
    /// Creates the assembly.
    public init() {}

    /// Registers `any Scheduler` (main) and `any Scheduler` named `.background`.
    ///
    /// - Parameter container: The container to register into.
    public func assemble(into container: Container) {
        container.register((any Scheduler).self, lifetime: .singleton) { _ in
            MainQueueScheduler()
        }
        container.register((any Scheduler).self, name: .background, lifetime: .singleton) { _ in
            SerialQueueScheduler(label: "background", qos: .userInitiated)
        }
    }
}
