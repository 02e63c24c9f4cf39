import Testing
import Scheduling

@Suite("Scheduler contract")
struct SchedulerContractTests {
    @Test("the protocol is usable as an existential")
    func existential() {
        let schedulers: [any Scheduler] = []
        #expect(schedulers.isEmpty)
    }
}
