// graphcheck: root
import DIContainer

final class Cart: Sendable {}
final class CartSummary: Sendable {
    init(cart: Cart) {}
}
final class CheckoutService: Sendable {
    init(cart: Cart) {}
}
final class Reports: Sendable {
    init(summary: CartSummary) {}
}
final class Orders: Sendable {
    init(carts: Provider<Cart>) {}
}
final class SessionBanner: Sendable {
    init(cart: Cart) {}
}

extension Scope {
    static let session: Scope = "session"
}

let container = Container()
container.register(Cart.self, lifetime: .scoped(.session)) { _ in Cart() }
container.register(CartSummary.self) { r in CartSummary(cart: try r.resolve(Cart.self)) }
// A singleton keeping a session's cart.
container.register(CheckoutService.self, lifetime: .singleton) { r in
    CheckoutService(cart: try r.resolve(Cart.self))  // expect: error captiveDependency
}
// Through a transient service in between.
container.register(Reports.self, lifetime: .singleton) { r in
    Reports(summary: try r.resolve(CartSummary.self))  // expect: error captiveDependency
}
// Not captive: a Provider resolves anew; the same scope keeps it no longer.
container.register(Orders.self, lifetime: .singleton, initializer: Orders.init)
container.register(SessionBanner.self, lifetime: .scoped(.session), initializer: SessionBanner.init)
print(try container.resolve(Orders.self))
