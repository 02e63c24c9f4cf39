import DIContainer
import DIContainerLocking
import Foundation

// Small service graphs shared by the container tests.

protocol Service: AnyObject, Sendable {}
protocol Dependency: Sendable {}

final class ServiceImpl: Service {
    let dependency: any Dependency
    init(dependency: any Dependency) { self.dependency = dependency }
}

final class DependencyImpl: Dependency {}

struct ValueService: Sendable, Equatable {
    var count: Int
}

protocol CacheStore: Sendable {}
final class MemoryCache: CacheStore {}
protocol CourseRepository: Sendable {}
final class LocalCourseRepository: CourseRepository {
    init(cache: any CacheStore) {}
}
final class GetMainUseCase: Sendable {
    init(repository: any CourseRepository) {}
}
final class MainPresenter: Sendable {
    init(useCase: GetMainUseCase) {}
}

final class CycleA: Sendable { init(b: CycleB) {} }
final class CycleB: Sendable { init(a: CycleA) {} }

struct FactoryError: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

/// A thread-safe call counter for factories.
final class Counter: Sendable {
    private let storage = Locked(0)

    var value: Int { storage.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        storage.withLock { value in
            value += 1
            return value
        }
    }
}

/// A node of a long named chain: `Chain(name: "0") → Chain(name: "1") → …`.
final class Chain: Sendable {
    let next: Chain?
    init(next: Chain?) { self.next = next }

    var length: Int {
        var count = 1
        var node = next
        while let current = node {
            count += 1
            node = current.next
        }
        return count
    }
}

extension Container {
    /// Registers a chain of `length` services of type `Chain`, named "0" … "length-1".
    func registerChain(length: Int) {
        for index in 0..<length {
            let last = index == length - 1
            register(Chain.self, name: Name("\(index)")) { r in
                Chain(next: last ? nil : try r.resolve(Chain.self, name: Name("\(index + 1)")))
            }
        }
    }
}

/// Whether the thread sanitizer's runtime is loaded: it changes threads' stacks, so the tests that
/// depend on a thread's exact stack size check less under it.
let runsUnderThreadSanitizer: Bool = {
    #if canImport(Darwin)
    dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil  // RTLD_DEFAULT
    #else
    dlsym(nil, "__tsan_init") != nil  // RTLD_DEFAULT
    #endif
}()

/// Whether the address sanitizer's runtime is loaded: its stack frames are several times larger,
/// so the test that gives threads small stacks gives them larger ones under it.
let runsUnderAddressSanitizer: Bool = {
    #if canImport(Darwin)
    dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__asan_init") != nil  // RTLD_DEFAULT
    #else
    dlsym(nil, "__asan_init") != nil  // RTLD_DEFAULT
    #endif
}()

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns its result. Deep
/// resolutions use it so they pass the same way in debug builds and under the thread sanitizer
/// (whose stack frames are several times larger).
func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = stackSize
        thread.start()
    }
}
