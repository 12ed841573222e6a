/// Every variant run once: the answers must agree before any timing counts.
struct Checksums {
    /// One line per workload, naming each contender's answer.
    var report = ""
    /// Whether, in every workload, all contenders gave the same answer.
    var allAgree = true

    init(workloads: [Workload]) {
        for workload in workloads {
            let answers = workload.variants.map {
                (contender: $0.contender, checksum: $0.run())
            }
            let agree = Set(answers.map(\.checksum)).count == 1
            allAgree = allAgree && agree
            let listed = answers.map {
                "\($0.contender.rawValue) \($0.checksum)"
            }
            report += "\(agree ? "ok" : "MISMATCH")  \(workload.name): "
            report += listed.joined(separator: ", ") + "\n"
        }
    }
}
