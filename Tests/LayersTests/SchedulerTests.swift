import DIContainerLocking
import DIDemoScheduling
import Foundation
import Testing

@Suite("Schedulers")
struct SchedulerTests {
    struct Run: Sendable, Equatable {
        let index: Int
        let label: String?
        let isMainQueue: Bool
        let isMainThread: Bool

        init(index: Int, label: String?, isMainQueue: Bool, isMainThread: Bool) {
            self.index = index
            self.label = label
            self.isMainQueue = isMainQueue
            self.isMainThread = isMainThread
        }

        /// What the running work sees.
        init(index: Int) {
            self.init(
                index: index, label: CurrentScheduler.label,
                isMainQueue: DispatchQueue.getSpecific(key: MainQueueMark.key) == MainQueueMark.value,
                isMainThread: Thread.isMainThread)
        }
    }

    struct Failure: Error, Equatable {}

    @Test("a serial-queue scheduler runs work in submission order, off the main thread, labelled")
    func serialQueue() async throws {
        let scheduler = SerialQueueScheduler(label: "background", qos: .utility)
        let inbox = Inbox<Run>()
        for index in 0..<50 {
            scheduler.schedule {
                inbox.send(Run(index: index))
            }
        }
        var runs: [Run] = []
        for _ in 0..<50 {
            runs.append(try await inbox.receive())
        }
        #expect(runs.map(\.index) == Array(0..<50))
        #expect(runs.allSatisfy { $0.label == "background" && !$0.isMainQueue && !$0.isMainThread })
        #expect(scheduler.label == "background")
    }

    @Test("a serial-queue scheduler never runs two work items at once")
    func serialQueueIsExclusive() async throws {
        let scheduler = SerialQueueScheduler(label: "serial")
        let active = Locked((current: 0, maximum: 0))
        let inbox = Inbox<Int>()
        for index in 0..<200 {
            scheduler.schedule {
                active.withLock {
                    $0.current += 1
                    $0.maximum = max($0.maximum, $0.current)
                }
                active.withLock { $0.current -= 1 }
                inbox.send(index)
            }
        }
        for _ in 0..<200 { _ = try await inbox.receive() }
        #expect(active.withLock { $0.maximum } == 1)
    }

    @Test("the main-queue scheduler runs work in order on the main queue, labelled \"main\"")
    func mainQueue() async throws {
        MainQueueMark.install()
        let scheduler = MainQueueScheduler()
        let inbox = Inbox<Run>()
        for index in 0..<3 {
            scheduler.schedule { inbox.send(Run(index: index)) }
        }
        var runs: [Run] = []
        for _ in 0..<3 {
            runs.append(try await inbox.receive())
        }
        #expect(runs.map(\.index) == [0, 1, 2])
        #expect(runs.allSatisfy { $0.label == "main" && $0.isMainQueue })
    }

    @Test("the immediate scheduler runs work before schedule returns, nested work included")
    func immediate() {
        let scheduler = ImmediateScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule {
            log.withLock { $0.append("outer \(CurrentScheduler.label ?? "-")") }
            scheduler.schedule { log.withLock { $0.append("inner \(CurrentScheduler.label ?? "-")") } }
            log.withLock { $0.append("outer end") }
        }
        log.withLock { $0.append("after schedule") }
        #expect(log.withLock { $0 } == ["outer immediate", "inner immediate", "outer end", "after schedule"])
    }

    @Test("the test scheduler runs nothing until advanced, then runs pending work in order")
    func testSchedulerAdvance() {
        let scheduler = TestScheduler(label: "main")
        let log = Locked<[String]>([])
        for name in ["a", "b", "c"] {
            scheduler.schedule { log.withLock { $0.append("\(name)@\(CurrentScheduler.label ?? "-")") } }
        }
        #expect(scheduler.pendingCount == 3)
        #expect(log.withLock { $0 }.isEmpty)
        #expect(scheduler.executed.isEmpty)

        #expect(scheduler.advance() == 3)
        #expect(log.withLock { $0 } == ["a@main", "b@main", "c@main"])
        #expect(scheduler.executed == [0, 1, 2])
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.advance() == 0)
    }

    @Test("work scheduled while advancing waits for the next advance; run() drains everything")
    func testSchedulerNestedWork() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule {
            log.withLock { $0.append("first") }
            scheduler.schedule {
                log.withLock { $0.append("second") }
                scheduler.schedule { log.withLock { $0.append("third") } }
            }
        }
        #expect(scheduler.advance() == 1)
        #expect(log.withLock { $0 } == ["first"])
        #expect(scheduler.pendingCount == 1)

        #expect(scheduler.run() == 2)
        #expect(log.withLock { $0 } == ["first", "second", "third"])
        #expect(scheduler.executed == [0, 1, 2])
        #expect(scheduler.scheduledCount == 3)
    }

    @Test("CurrentScheduler.label is nil outside scheduled work")
    func labelOutsideWork() {
        #expect(CurrentScheduler.label == nil)
        ImmediateScheduler(label: "custom").schedule {
            #expect(CurrentScheduler.label == "custom")
        }
        #expect(CurrentScheduler.label == nil)
    }

    @Test(
        "run(_:) returns the work's result, computed on the scheduler",
        arguments: [SchedulerKind.serial, .immediate, .main])
    func runReturns(kind: SchedulerKind) async throws {
        let scheduler = kind.make()
        let (value, label) = try await scheduler.run { (21 * 2, CurrentScheduler.label) }
        #expect(value == 42)
        #expect(label == scheduler.label)
    }

    @Test("run(_:) rethrows the work's error", arguments: [SchedulerKind.serial, .immediate, .main])
    func runThrows(kind: SchedulerKind) async throws {
        let scheduler = kind.make()
        await #expect(throws: Failure.self) {
            try await scheduler.run { () throws -> Int in throw Failure() }
        }
    }

    @Test("run(_:) on a test scheduler resumes only when the test advances it")
    func runOnTestScheduler() async throws {
        let scheduler = NotifyingScheduler(TestScheduler(label: "background"))
        async let result = scheduler.run { CurrentScheduler.label ?? "-" }
        try await scheduler.scheduled.receive()
        #expect(scheduler.base.pendingCount == 1)
        scheduler.base.advance()
        #expect(try await result == "background")
        #expect(scheduler.base.executed == [0])
    }

    enum SchedulerKind: String, Sendable, CustomTestStringConvertible {
        case serial, immediate, main
        var testDescription: String { rawValue }

        func make() -> any Scheduler {
            switch self {
            case .serial: SerialQueueScheduler(label: "background")
            case .immediate: ImmediateScheduler()
            case .main: MainQueueScheduler()
            }
        }
    }
}

/// Marks the main dispatch queue so work can tell it runs there. (On Linux the main queue may be
/// served by a thread other than the process's first one, so `Thread.isMainThread` cannot tell.)
private enum MainQueueMark {
    static let key = DispatchSpecificKey<String>()
    static let value = "main-queue"

    static func install() {
        DispatchQueue.main.setSpecific(key: key, value: value)
    }
}

/// Forwards to a test scheduler and reports each `schedule` call, so a test can wait for it.
private struct NotifyingScheduler: Scheduler {
    let base: TestScheduler
    let scheduled = Inbox<Void>()
    var label: String { base.label }

    init(_ base: TestScheduler) {
        self.base = base
    }

    func schedule(_ work: @escaping @Sendable () -> Void) {
        base.schedule(work)
        scheduled.send(())
    }
}
