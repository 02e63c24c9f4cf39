import Foundation

/// Number formatting shared by the table and the targets.
enum Formatting {
    /// A figure for the table: one decimal below 100, whole numbers with thousands separators
    /// above.
    static func value(_ value: Double) -> String {
        if value < 100 { return String(format: "%.1f", value) }
        let whole = Int(value.rounded())
        var digits = String(whole)
        var grouped: [Substring] = []
        while digits.count > 3 {
            grouped.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        grouped.insert(Substring(digits), at: 0)
        return grouped.joined(separator: ",")
    }

    /// A count such as `300` or `1,200`.
    static func count(_ count: Int) -> String {
        count < 100 ? String(count) : value(Double(count))
    }

    /// A ratio such as `2.31×`.
    static func ratio(_ value: Double) -> String {
        value < 10 ? String(format: "%.2f×", value) : String(format: "%.1f×", value)
    }

    /// Median or an em dash when absent.
    static func median(_ figure: Figure?) -> String {
        figure.map { value($0.median) } ?? "—"
    }
}
