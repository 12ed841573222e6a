/// The outcome of one check: its name, whether it passed, and what to show about it.
struct Outcome {
    let name: String
    let passed: Bool
    var details: [String] = []
}

/// Prints each outcome as it comes, and counts them.
struct Report {
    private(set) var passed = 0
    private(set) var failed = 0

    func section(_ title: String) {
        print("\n== \(title)")
    }

    mutating func add(_ outcome: Outcome) {
        if outcome.passed {
            passed += 1
        } else {
            failed += 1
        }
        print("\(outcome.passed ? "PASS" : "FAIL")  \(outcome.name)")
        for line in outcome.details {
            print(
                "      "
                    + line.split(
                        separator: "\n", omittingEmptySubsequences: false
                    )
                    .joined(separator: "\n      "))
        }
    }
}
