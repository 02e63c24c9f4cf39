import DIDemoDomain
import Testing

@Suite("Domain entities")
struct DomainTests {
    @Test(
        "progress is always a fraction between 0 and 1",
        arguments: [
            (0.4, 0.4), (-0.2, 0), (1.5, 1), (Double.nan, 0), (1, 1),
        ] as [(Double, Double)])
    func progressClamped(given: Double, stored: Double) {
        #expect(UserCourse(courseID: 1, progress: given).progress == stored)
    }
}
