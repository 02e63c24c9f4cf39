/// The fixtures of Swinject 2.10.0's test suite (`Animal.swift`, `Person.swift`, `Food.swift`,
/// `Circularity.swift`), as a user migrating would write them, for the translated tests.

protocol Animal {
    var name: String? { get set }
}

final class Cat: Animal {
    var name: String?
    var sleeping = false

    init(name: String? = nil, sleeping: Bool = false) {
        self.name = name
        self.sleeping = sleeping
    }
}

final class Dog: Animal {
    var name: String?

    init(name: String? = nil) {
        self.name = name
    }
}

struct Turtle: Animal {
    var name: String?
}

protocol DogProtocol1 {}
protocol DogProtocol2 {}
protocol DogProtocol3 {}
extension Dog: DogProtocol1, DogProtocol2, DogProtocol3 {}

protocol Person {}

final class PetOwner: Person {
    var pet: (any Animal)?

    init(pet: (any Animal)? = nil) {
        self.pet = pet
    }

    func injectAnimal(_ animal: any Animal) {
        pet = animal
    }
}

protocol Food {}
struct Sushi: Food {}

// MARK: - Circularity

protocol ParentProtocol: AnyObject {}
protocol ChildProtocol: AnyObject {}

final class Parent: ParentProtocol {
    var child: (any ChildProtocol)?

    init(child: (any ChildProtocol)? = nil) {
        self.child = child
    }
}

final class Child: ChildProtocol {
    weak var parent: (any ParentProtocol)?
}

protocol A: AnyObject {}
protocol B: AnyObject {}
protocol C: AnyObject {}
protocol D: AnyObject {}

final class ADependingOnB: A {
    var b: (any B)?

    init(b: (any B)? = nil) {
        self.b = b
    }
}

final class BDependingOnC: B {
    var c: (any C)?

    init(c: (any C)? = nil) {
        self.c = c
    }
}

final class CDependingOnAD: C {
    weak var a: (any A)?
    var d: (any D)?

    init(d: (any D)? = nil) {
        self.d = d
    }
}

final class DDependingOnBC: D {
    weak var b: (any B)?
    weak var c: (any C)?
}

final class CDependingOnWeakB: C {
    weak var b: (any B)?
}
