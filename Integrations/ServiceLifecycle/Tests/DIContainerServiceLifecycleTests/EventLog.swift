/// What the services of a test did, in order; a test can wait for an event without sleeping.
actor EventLog {
    private(set) var events: [String] = []
    private var waiters: [(event: String, continuation: CheckedContinuation<Void, Never>)] = []

    /// Records `event` and wakes whoever waits for it.
    func record(_ event: String) {
        events.append(event)
        let (ready, waiting) = waiters.partitioned { $0.event == event }
        waiters = waiting
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `event` has been recorded (at once if it already was).
    func waitFor(_ event: String) async {
        if events.contains(event) { return }
        await withCheckedContinuation { waiters.append((event, $0)) }
    }
}

extension Array {
    /// The elements that satisfy `belongs`, and the others, each in their order.
    fileprivate func partitioned(by belongs: (Element) -> Bool) -> (matching: [Element], others: [Element]) {
        (filter(belongs), filter { !belongs($0) })
    }
}
