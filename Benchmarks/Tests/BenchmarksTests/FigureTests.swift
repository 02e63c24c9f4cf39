import Testing

@testable import Benchmarks

@Suite("Figure summarises repetitions")
struct FigureTests {
    @Test("An odd number of samples has the middle one as median")
    func oddMedian() throws {
        let figure = try #require(Figure(samples: [30, 10, 20]))
        #expect(figure.median == 20)
        #expect(figure.min == 10)
        #expect(figure.max == 30)
    }

    @Test("An even number of samples has the mean of the middle two as median")
    func evenMedian() throws {
        let figure = try #require(Figure(samples: [4, 1, 3, 2]))
        #expect(figure.median == 2.5)
        #expect(figure.min == 1)
        #expect(figure.max == 4)
    }

    @Test("No samples make no figure")
    func empty() {
        #expect(Figure(samples: []) == nil)
    }
}

@Suite("Formatting of table values")
struct FormattingTests {
    @Test(
        "Small values keep one decimal, large ones are grouped by thousands",
        arguments: [(7.84, "7.8"), (99.94, "99.9"), (394.4, "394"), (2_160.4, "2,160"), (57_603_099, "57,603,099")])
    func value(_ input: Double, _ expected: String) {
        #expect(Formatting.value(input) == expected)
    }

    @Test("Ratios have two decimals below 10 and one above")
    func ratio() {
        #expect(Formatting.ratio(3.456) == "3.46×")
        #expect(Formatting.ratio(58.84) == "58.8×")
    }

    @Test("A missing figure reads as an em dash")
    func missing() {
        #expect(Formatting.median(nil) == "—")
    }
}
