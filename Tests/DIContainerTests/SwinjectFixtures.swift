/// The fixtures of Swinject 2.10.0's test suite (`Animal.swift`, `Person.swift`, `Food.swift`,
/// `Circularity.swift`), as a user migrating would write them, for the translated tests.
///
/// Swinject's fixtures are classes with mutable properties that `initCompleted` hooks set (property
/// injection). Shared lifetimes require `Sendable` services, so these are `@unchecked Sendable`:
/// the tests mutate them only in hooks, before the instance is handed out, and on one thread —
/// the opt-out a migrating app would take for such a class until it makes it thread-safe.

protocol Animal: Sendable {
    var name: String? { get set }
}

final class Cat: Animal, @unchecked Sendable {
    var name: String?
    var sleeping = false

    init(name: String? = nil, sleeping: Bool = false) {
        self.name = name
        self.sleeping = sleeping
    }
}

final class Dog: Animal, @unchecked Sendable {
    var name: String?

    init(name: String? = nil) {
        self.name = name
    }
}

struct Turtle: Animal {
    var name: String?
}

protocol DogProtocol1: Sendable {}
protocol DogProtocol2: Sendable {}
protocol DogProtocol3: Sendable {}
extension Dog: DogProtocol1, DogProtocol2, DogProtocol3 {}

protocol Person: Sendable {}

final class PetOwner: Person, @unchecked Sendable {
    var pet: (any Animal)?

    init(pet: (any Animal)? = nil) {
        self.pet = pet
    }

    func injectAnimal(_ animal: any Animal) {
        pet = animal
    }
}

protocol Food: Sendable {}
struct Sushi: Food {}

// MARK: - Circularity

protocol ParentProtocol: AnyObject, Sendable {}
protocol ChildProtocol: AnyObject, Sendable {}

final class Parent: ParentProtocol, @unchecked Sendable {
    var child: (any ChildProtocol)?

    init(child: (any ChildProtocol)? = nil) {
        self.child = child
    }
}

final class Child: ChildProtocol, @unchecked Sendable {
    weak var parent: (any ParentProtocol)?
}

protocol A: AnyObject, Sendable {}
protocol B: AnyObject, Sendable {}
protocol C: AnyObject, Sendable {}
protocol D: AnyObject, Sendable {}

final class ADependingOnB: A, @unchecked Sendable {
    var b: (any B)?

    init(b: (any B)? = nil) {
        self.b = b
    }
}

final class BDependingOnC: B, @unchecked Sendable {
    var c: (any C)?

    init(c: (any C)? = nil) {
        self.c = c
    }
}

final class CDependingOnAD: C, @unchecked Sendable {
    weak var a: (any A)?
    var d: (any D)?

    init(d: (any D)? = nil) {
        self.d = d
    }
}

final class DDependingOnBC: D, @unchecked Sendable {
    weak var b: (any B)?
    weak var c: (any C)?
}

final class CDependingOnWeakB: C, @unchecked Sendable {
    weak var b: (any B)?
}
