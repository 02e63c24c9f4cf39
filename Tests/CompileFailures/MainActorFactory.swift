// A main-actor initializer in a plain (nonisolated) factory: registerMainActor is the spelling.
// expected-error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context
import DIContainer

@MainActor
final class ProfileViewModel {
    var title: String
    init() { title = "" }
}

func assemble(_ container: Container) {
    container.register(ProfileViewModel.self) { _ in ProfileViewModel() }
}
