import DIContainerLocking

/// A scheduler for tests: work waits until the test runs it, and the scheduler records what ran.
///
/// `schedule` only queues the work. ``advance()`` runs the work pending at the time of the call,
/// in submission order; ``run()`` keeps going until nothing is pending, including work scheduled
/// by the work it runs. Work runs synchronously on the thread that calls `advance()`/`run()`,
/// with ``CurrentScheduler/label`` bound to ``label``, and never while the scheduler's lock is
/// held, so work may schedule more work.
///
/// Each scheduled item gets a sequence number (0, 1, 2, … in submission order);
/// ``executed`` lists the numbers of the items that ran, in the order they ran.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let presenter = MainPresenter(view: view, scheduler: scheduler)
/// presenter.viewWillAppear()
/// #expect(scheduler.pendingCount == 1)
/// scheduler.run()
/// #expect(view.screens.count == 1)
/// ```
public final class TestScheduler: Scheduler {
    /// The scheduler's name; also bound to ``CurrentScheduler/label`` while work runs.
    public let label: String

    private struct Item {
        let sequence: Int
        let work: @Sendable () -> Void
    }

    private struct State {
        var nextSequence = 0
        var pending: [Item] = []
        var executed: [Int] = []
    }

    private let state = Locked(State())

    /// Creates a test scheduler with nothing pending.
    ///
    /// - Parameter label: The scheduler's name; "test" by default. Give it the label of the
    ///   scheduler it stands in for ("main", "background") when code under test checks labels.
    public init(label: String = "test") {
        self.label = label
    }

    /// Queues `work` until the test calls ``advance()`` or ``run()``.
    ///
    /// - Parameter work: The work to run later.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.pending.append(Item(sequence: state.nextSequence, work: work))
            state.nextSequence += 1
        }
    }

    /// How many work items are waiting to run.
    public var pendingCount: Int {
        state.withLock { $0.pending.count }
    }

    /// The sequence numbers of the work items that ran, in the order they ran.
    ///
    /// The first item ever scheduled has number 0. Items still pending are not listed.
    public var executed: [Int] {
        state.withLock { $0.executed }
    }

    /// How many work items were scheduled so far, run or not.
    public var scheduledCount: Int {
        state.withLock { $0.nextSequence }
    }

    /// Runs the work that is pending now, in submission order.
    ///
    /// Work scheduled while advancing waits for the next call.
    ///
    /// - Returns: How many work items ran.
    @discardableResult
    public func advance() -> Int {
        let batch = state.withLock { state in
            let batch = state.pending
            state.pending.removeAll()
            return batch
        }
        for item in batch {
            execute(item)
        }
        return batch.count
    }

    /// Runs pending work, including work scheduled by that work, until nothing is pending.
    ///
    /// - Returns: How many work items ran.
    @discardableResult
    public func run() -> Int {
        var count = 0
        while let item = takeNext() {
            execute(item)
            count += 1
        }
        return count
    }

    private func takeNext() -> Item? {
        state.withLock { state in
            state.pending.isEmpty ? nil : state.pending.removeFirst()
        }
    }

    private func execute(_ item: Item) {
        state.withLock { $0.executed.append(item.sequence) }
        CurrentScheduler.running(on: label, item.work)
    }
}
