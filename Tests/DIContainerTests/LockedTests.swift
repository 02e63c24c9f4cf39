import DIContainerLocking
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one lock type checks what the mutex reports.
@Suite("Locked")
struct LockedTests {
    @Test("a lock guards its value across threads")
    func guardsItsValue() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { counter.withLock { $0 += 1 } }
            }
        }
        #expect(counter.withLock { $0 } == 100)
    }

    #if DEBUG
    @Test("in a debug build, taking a lock again from its own withLock traps instead of deadlocking")
    func reentrantLockTraps() async {
        let result = await #expect(processExitsWith: .failure) {
            // Were the lock to deadlock, the alarm would end the process with exit code 3, not a trap.
            signal(SIGALRM) { _ in _exit(3) }
            alarm(30)
            let lock = Locked(0)
            lock.withLock { _ in lock.withLock { $0 += 1 } }
        }
        #expect(result?.exitStatus != .exitCode(3), "the re-entrant withLock deadlocked instead of trapping")
    }
    #endif
}
