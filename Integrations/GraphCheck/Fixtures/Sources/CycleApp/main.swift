// graphcheck: root
import DIContainer

final class Checkout: Sendable {
    init(payments: Payments) {}
}
final class Payments: Sendable {
    init(checkout: Checkout) {}
}
final class Parent: @unchecked Sendable {
    var child: Child?
}
final class Child: Sendable {
    init(parent: Parent) {}
}
final class Feed: Sendable {
    init(player: Lazy<Player>) {}
}
final class Player: Sendable {
    init(feed: Feed) {}
}

let container = Container()
// A cycle through two factories.
container.register(Checkout.self) { r in Checkout(payments: try r.resolve(Payments.self)) }  // expect: error circularDependency
container.register(Payments.self) { r in Payments(checkout: try r.resolve(Checkout.self)) }
// Broken by an initCompleted hook: no cycle.
container.register(Parent.self, lifetime: .graph) { _ in Parent() }
    .initCompleted { r, parent in parent.child = try r.resolve(Child.self) }
container.register(Child.self) { r in Child(parent: try r.resolve(Parent.self)) }
// Broken by Lazy: no cycle.
container.register(Feed.self, initializer: Feed.init)
container.register(Player.self, initializer: Player.init)
print(try container.resolve(Feed.self))
