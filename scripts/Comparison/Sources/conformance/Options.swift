/// The command line: `--seed N` (decimal or `0x` hexadecimal), `--count N`, `--verbose`.
struct Options {
    var seed: UInt64 = 2_026
    var count = 3_000
    var verbose = false

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init<Arguments: Sequence<String>>(_ arguments: Arguments) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--seed":
                guard let text = iterator.next(), let seed = Self.number(text)
                else {
                    throw UsageError(description: "--seed needs a number")
                }
                self.seed = seed
            case "--count":
                guard let text = iterator.next(), let count = Int(text),
                    count >= 0
                else {
                    throw UsageError(description: "--count needs a number")
                }
                self.count = count
            case "--verbose":
                verbose = true
            default:
                throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }

    private static func number(_ text: String) -> UInt64? {
        text.hasPrefix("0x")
            ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }
}
