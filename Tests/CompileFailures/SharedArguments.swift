// A service that is not Sendable, built from runtime arguments with the container's default
// lifetime (which may share it): the fixes are `lifetime: .transient`, `registerMainActor`, or
// `UncheckedSendable`, as ConcurrencyAndIsolation.md says.
// expected-error: type 'Draft' does not conform to the 'Sendable' protocol
import DIContainer

final class Draft {
    var text: String
    init(id: Int, title: String) { text = "\(id): \(title)" }
}

func assemble(_ container: Container) {
    container.register(Draft.self) { (_, id: Int, title: String) in Draft(id: id, title: title) }
}
