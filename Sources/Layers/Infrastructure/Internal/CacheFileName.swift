/// Maps any cache key to a file name that stays inside the cache folder.
///
/// Every UTF-8 byte outside `[a-z0-9_-]` becomes `%XX` (hex digits in capitals), so `/`, `.` and
/// `..` cannot appear and distinct keys give distinct names — also on a case-insensitive file
/// system (the macOS default): capitals are escaped (`Key` → `%4Bey`), so no two names differ
/// only in case. The empty key is `%`. Names longer than
/// ``maxEncodedLength`` keep a prefix and add `~` and a 128-bit hash of the whole key (`~` never
/// appears otherwise, so hashed and plain names cannot collide). The extension is `.json`.
enum CacheFileName {
    static let maxEncodedLength = 180
    static let prefixLength = 120

    static func make(forKey key: String) -> String {
        if key.isEmpty { return "%.json" }
        var encoded = ""
        for byte in key.utf8 {
            if isSafe(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hex(UInt64(byte), digits: 2)
            }
        }
        guard encoded.utf8.count > maxEncodedLength else {
            return encoded + ".json"
        }
        var prefix = String(encoded.prefix(prefixLength))
        // Do not cut an escape in half: drop a trailing partial "%X" or "%".
        if let percent = prefix.suffix(2).lastIndex(of: "%") {
            prefix = String(prefix[..<percent])
        }
        let bytes = Array(key.utf8)
        let hash =
            hex(fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325), digits: 16)
            + hex(fnv1a(bytes, basis: 0x84222325_cbf29ce4), digits: 16)
        return "\(prefix)~\(hash).json"
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
